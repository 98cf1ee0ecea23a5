/** The pt-BR catalog, the part the first paint needs (shell, Translate, Settings); see START_DOMAINS in ../locales.ts. */
import app from './app.json';
import errors from './errors.json';
import translate from './translate.json';
import history from './history.json';
import settings from './settings.json';
import connections from './connections.json';
import firstRun from './first-run.json';
import desktop from './desktop.json';
import localEngine from './local-engine.json';
import customisation from './customisation.json';

const catalog = { ...app, ...errors, ...translate, ...history, ...settings, ...connections, ...firstRun, ...desktop, ...localEngine, ...customisation };
export default catalog;
