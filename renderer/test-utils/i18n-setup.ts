/**
 * Vitest set-up (every test file): makes the renderer's i18n layer ready in English before any component renders,
 * as `initI18n()` does before the first paint in the app. Component tests that check another locale call
 * `installTestI18n` themselves.
 */
import en from '../../shared/i18n/en/index.js';
import { compileCatalog } from '../../shared/i18n/compile.js';
import { installTestI18n } from '../i18n/index.js';

installTestI18n('en', compileCatalog(en));
