/** isHttpUrl (the renderer's check, without zod) says what the contract's HttpUrl says. */
import { describe, expect, it } from 'vitest';
import { HttpUrl } from './contract-common.js';
import { isHttpUrl } from './http-url.js';

const SAMPLES = [
  'https://api.example.com',
  'http://127.0.0.1:9/v2',
  '  https://api.example.com/v2  ',
  'HTTPS://API.EXAMPLE.COM',
  'http://localhost:8470',
  'ftp://example.com',
  'api.example.com',
  '127.0.0.1:9/v2',
  'https://',
  'https:// example.com',
  '',
  'javascript:alert(1)',
];

describe('isHttpUrl', () => {
  it.each(SAMPLES)('agrees with the contract on %j', (s) => {
    expect(isHttpUrl(s)).toBe(HttpUrl.safeParse(s).success);
  });
});
