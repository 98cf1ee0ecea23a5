/**
 * Build config of the renderer (DOM only). Builds `renderer/` to `out/renderer` with relative asset paths so the
 * same bundle is served by Electron's `app://` protocol and by the web harness. Screens are code-split with
 * React.lazy, so the initial chunk holds only the shell.
 */
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compileCatalog } from '../shared/i18n/compile.js';
import { classicEntry } from './build/classic-entry.js';
import { preactAliases } from './build/preact-alias.js';

// Runs in Node at build time; paths are resolved without node:* imports so the renderer's lint rules hold.
const here = (p: string): string => decodeURIComponent(new URL(p, import.meta.url).pathname);

/** The English start-up catalog's module: the first screen imports it at once (`renderer/i18n/locales.ts`). */
const ENGLISH_START = /shared\/i18n\/en\/start\.ts$/;

/**
 * Adds <link rel="modulepreload"> for the lazy chunks the first paint needs, so the browser fetches them alongside
 * the entry instead of after it has run: the English start-up catalog (the screens the first paint shows, Translate
 * and First run, are in the entry chunk itself). The other screens stay lazy.
 */
function preloadStartChunks(): Plugin {
  const start = ENGLISH_START;
  return {
    name: 'verso-preload-start-chunks',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const entry = chunks.find((c) => c.type === 'chunk' && c.isEntry)?.fileName;
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const files = new Set<string>();
        const css = new Set<string>();
        // The start chunks and everything they import, transitively (a shared chunk two levels down was
        // fetched only after the first render), with the CSS those chunks bring.
        const add = (name: string): void => {
          const c = byName.get(name);
          if (!c || c.type !== 'chunk' || files.has(name)) return;
          if (name !== entry) files.add(name);
          for (const f of c.viteMetadata?.importedCss ?? []) css.add(f);
          for (const dep of c.imports) add(dep);
        };
        // What index.html already loads (the entry, its imports and its CSS) is not listed twice.
        if (entry) add(entry);
        const already = new Set([...files, ...css]);
        for (const c of chunks) {
          if (c.type === 'chunk' && c.facadeModuleId && start.test(c.facadeModuleId)) add(c.fileName);
        }
        for (const f of already) {
          files.delete(f);
          css.delete(f);
        }
        return [
          ...[...files].map((f) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `./${f}` },
            injectTo: 'head' as const,
          })),
          // Their CSS as stylesheets, the way Vite's import helper adds them (`crossorigin`): it then finds them in
          // the page and neither fetches them again nor holds the screen's import until they have loaded.
          ...[...css].map((f) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `./${f}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

/**
 * Compiles the UI catalogs (`shared/i18n/<locale>/*.json`, ICU MessageFormat) into Lingui's array form at build
 * time, so the renderer ships no message parser. The output is still JSON, handed on to Vite's JSON plug-in.
 */
export function compileCatalogs(): Plugin {
  const catalogFile = /[\\/]shared[\\/]i18n[\\/][A-Za-z-]+[\\/][a-z0-9-]+\.json$/;
  return {
    name: 'verso-compile-catalogs',
    enforce: 'pre',
    transform(code, id) {
      if (!catalogFile.test(id)) return null;
      const compiled = compileCatalog(JSON.parse(code) as Record<string, unknown>, id);
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

export default defineConfig({
  root: here('.'),
  // Relative asset paths: the bundle is loaded from app://verso/ in Electron and from the harness's origin.
  base: './',
  // classicEntry last: it turns the first screen's chunks, as built, into one classic script (see its file).
  plugins: [compileCatalogs(), react(), preloadStartChunks(), classicEntry(ENGLISH_START)],
  // React's API on Preact's compatibility layer: see build/preact-alias.ts for why.
  resolve: { alias: [{ find: '@shared', replacement: here('../shared') }, ...preactAliases] },
  build: {
    outDir: here('../out/renderer'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // No inline data: URLs, so a strict CSP (img-src 'self') holds.
    assetsInlineLimit: 0,
  },
  server: { host: '127.0.0.1', strictPort: false },
});
