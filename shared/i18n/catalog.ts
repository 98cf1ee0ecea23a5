/**
 * Catalog types (any process). A catalog maps a message id (`domain.thing`) to an ICU MessageFormat string
 * (plural and select by CLDR rules, `{n, number}`, `{d, date, short}`, ...). English (`en/`) is the source: its
 * keys define `MessageId`, so a typo in a key is a type error. Compiled catalogs (Lingui's array form, produced at
 * build time for the renderer or at load time in main) have the same keys.
 */
import type en from './en/index.js';

export type MessageId = keyof typeof en;

/** A source catalog (ICU strings) or a compiled one (Lingui's pre-parsed arrays). */
export type Catalog = Record<string, unknown>;

/** Values a message's placeholders take: strings, numbers, dates; plurals take numbers. */
export type MessageValues = Record<string, string | number | Date | null | undefined>;
