/**
 * The local engine's default connection names (shared/i18n/local-connection-name.ts) are the catalogs' own: a
 * translation of `connections.localName` changed without this list would show that name as the user's.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isDefaultLocalName } from './local-connection-name.js';
import { UI_LOCALES } from './locales.js';

describe('the local connection default names', () => {
  it("holds every UI language's connections.localName, and nothing a user would type", () => {
    for (const locale of UI_LOCALES) {
      const catalog = JSON.parse(readFileSync(new URL(`./${locale}/connections.json`, import.meta.url), 'utf8')) as Record<string, string>;
      expect(isDefaultLocalName(catalog['connections.localName']!), locale).toBe(true);
    }
    expect(isDefaultLocalName('My laptop')).toBe(false);
    expect(isDefaultLocalName('This computer')).toBe(false);
  });
});
