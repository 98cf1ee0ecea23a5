/**
 * Catalog compilation (build time in the renderer's Vite plug-in, load time in main and tests): turns ICU strings
 * into Lingui's compiled arrays, so the renderer ships no message parser. A message that does not parse is
 * reported with its id (the parity test runs this over every catalog).
 */
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { parse } from '@messageformat/parser';
import type { Catalog } from './catalog.js';

export function compileCatalog(source: Record<string, unknown>, where = 'catalog'): Catalog {
  const out: Catalog = {};
  for (const [id, message] of Object.entries(source)) {
    if (typeof message !== 'string') {
      out[id] = message;
      continue;
    }
    try {
      // Lingui's compiler logs and passes a malformed message through; the strict parser throws instead.
      parse(message, { strict: false });
      out[id] = compileMessage(message);
    } catch (e) {
      throw new Error(`${where}: message "${id}" is not valid ICU MessageFormat: ${(e as Error).message}`);
    }
  }
  return out;
}

export { compileMessage };
