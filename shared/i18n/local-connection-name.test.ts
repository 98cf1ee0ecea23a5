/**
 * The names Verso gives connections (shared/i18n/local-connection-name.ts) are the catalogs' own: a translation of
 * `connections.localName`, `connections.form.hostedName` or `connections.form.customName` changed without this list
 * would show that name as the user's.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { givenNameKey, type GivenNameKey } from './local-connection-name.js';
import { UI_LOCALES } from './locales.js';

const KEYS: GivenNameKey[] = ['connections.localName', 'connections.form.hostedName', 'connections.form.customName'];

describe('the connection names Verso gives', () => {
  it("holds every UI language's given names under their own key, and nothing a user would type", () => {
    for (const locale of UI_LOCALES) {
      const catalog = JSON.parse(readFileSync(new URL(`./${locale}/connections.json`, import.meta.url), 'utf8')) as Record<string, string>;
      for (const key of KEYS) expect(givenNameKey(catalog[key]!), `${locale} ${key}`).toBe(key);
    }
    expect(givenNameKey('My laptop')).toBeUndefined();
    expect(givenNameKey('This computer')).toBeUndefined();
    expect(givenNameKey('Agency account')).toBeUndefined();
  });
});
