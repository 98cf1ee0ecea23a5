/** The de catalog (generated from en/index.ts's file list; the parity test checks the files). */
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

const catalog = { ...app, ...errors, ...translate, ...history, ...documents, ...settings, ...connections, ...firstRun, ...usage, ...keys, ...glossaries, ...desktop, ...localEngine, ...customisation };
export default catalog;
