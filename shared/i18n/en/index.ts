/**
 * The English catalog (source locale): every domain's messages merged. A domain's owner adds its JSON file here
 * with one import and one spread; keys are prefixed with the domain (`documents.…`), so spreads never collide.
 */
import app from './app.json';
import errors from './errors.json';
import translate from './translate.json';
import history from './history.json';
import documents from './documents.json';
import settings from './settings.json';
import connections from './connections.json';
import firstRun from './first-run.json';
import usage from './usage.json';
import keys from './keys.json';
import glossaries from './glossaries.json';
import desktop from './desktop.json';
import localEngine from './local-engine.json';
import customisation from './customisation.json';

const en = { ...app, ...errors, ...settings, ...connections, ...firstRun, ...documents, ...translate, ...history, ...usage, ...keys, ...glossaries, ...desktop, ...localEngine, ...customisation };
export default en;
