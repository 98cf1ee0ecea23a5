/** The ko catalog, the screens loaded later (Documents, Glossaries, Usage, Keys); see START_DOMAINS in ../locales.ts. */
import documents from './documents.json';
import usage from './usage.json';
import keys from './keys.json';
import glossaries from './glossaries.json';

const catalog = { ...documents, ...usage, ...keys, ...glossaries };
export default catalog;
