/**
 * Build step (Vite plug-in, runs in Node at build time): ships the renderer's first screen as one classic script
 * instead of ES modules, so that Chromium keeps its compiled code between starts.
 *
 * Why: Chromium (Debian's 156, and the Electron builds on the same engine) writes V8's code cache for module scripts
 * at every load and never reads it back (`v8.produceModuleCache` at every load, no `consumedCacheSize`), while a
 * classic script's cache is read from the second start on (`v8.deserializeOnBackground`, `consumedCacheSize` in
 * the trace). With the cache, the entry is neither parsed nor lazily compiled again at each start:
 * `bench/renderer-size.ts`, assets and compiled code kept, 1.42× and 1.49× the empty page where the module build took
 * 2.27× and 1.98× in the same runs. A fresh profile (the first start after installing) does not gain: it took 1.08×
 * and 1.13× the module build's time there.
 *
 * How: Vite builds the modules as before. Then the entry chunk, every chunk it imports statically and the English
 * start catalog (the chunks the first screen runs; formerly modulepreloaded) are bundled once more by Rolldown, as
 * one IIFE that also hands each chunk's exports to `globalThis.__versoChunks`. Each of those chunk files but the
 * catalog's is replaced by a few lines that re-export from there, so the lazy screens, which import React, the
 * stores and the shell from those files, get the very same instances (no second React, no second store). Dynamic
 * imports of the other chunks stay native `import()`: a classic script resolves them against its own URL, as the
 * module did. index.html loads the script with `defer` (the order and timing of a module script). No library does
 * this step (Vite and Rolldown build either modules or one IIFE, not an IIFE whose lazy chunks are modules), hence
 * by hand; the linking itself is Rolldown's.
 *
 * A shim reads each export once, when the first lazy chunk imports it — after the entry has run. An exported `let`
 * that a function reassigns later would be seen stale by a lazy chunk; the build fails if a module of a shared chunk
 * exports one (assignments in the module's own top-level code have run by then and are allowed).
 */
import { rolldown } from 'rolldown';
import { parseAst } from 'rolldown/parseAst';
import { analyze } from 'eslint-scope';
import type { Plugin } from 'vite';

/** The global the classic script fills: one namespace per chunk it holds, by chunk index. */
const GLOBAL = '__versoChunks';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  exports: string[];
  facadeModuleId: string | null;
  moduleIds: string[];
}

const isChunk = (x: { type: string }): x is ChunkLike => x.type === 'chunk';

async function shortHash(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return [...digest.slice(0, 6)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Names a module exports from a top-level `let` or `var` and assigns anywhere: a shim would hand them on stale. */
function reassignedExports(code: string, id: string): string[] {
  const ast = parseAst(code, { lang: /\.tsx?$/.test(id) ? 'tsx' : 'js', range: true }, id);
  const mutable = new Set<string>();
  const exported = new Set<string>();
  for (const node of ast.body) {
    const decl = node.type === 'ExportNamedDeclaration' ? node.declaration : node;
    if (decl?.type === 'VariableDeclaration' && decl.kind !== 'const') {
      for (const d of decl.declarations) if (d.id.type === 'Identifier') mutable.add(d.id.name);
      if (node.type === 'ExportNamedDeclaration')
        for (const d of decl.declarations) if (d.id.type === 'Identifier') exported.add(d.id.name);
    }
    if (node.type === 'ExportNamedDeclaration' && !node.source) {
      for (const s of node.specifiers) if (s.local.type === 'Identifier') exported.add(s.local.name);
    }
  }
  const candidates = [...exported].filter((n) => mutable.has(n));
  if (!candidates.length) return [];
  // eslint-scope resolves each write to the variable it names (a parameter `l` of a minified function is another
  // variable than the module's `l`). Only writes from inside a function count: the module's own top-level statements
  // have all run before a lazy chunk reads the export (Preact's minified module sets its `options` that way, once).
  const moduleScope = analyze(ast, { ecmaVersion: 2022, sourceType: 'module', fallback: 'iteration' }).scopes.find(
    (scope) => scope.type === 'module',
  );
  const reassigned = (name: string): boolean =>
    moduleScope?.set
      .get(name)
      ?.references.some((r) => r.isWrite() && !r.init && r.from.variableScope !== moduleScope) ?? false;
  return candidates.filter(reassigned);
}

/**
 * `firstScreen`: ids of modules whose chunks the first screen imports dynamically at once (the English start
 * catalog); they go into the classic script too.
 */
export function classicEntry(firstScreen: RegExp): Plugin {
  const stale = new Map<string, string[]>();
  return {
    name: 'verso-classic-entry',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!/\.[cm]?[jt]sx?$/.test(id.split('?')[0]!) || !/\bexport\b/.test(code)) return null;
      const names = reassignedExports(code, id);
      if (names.length) stale.set(id, names);
      return null;
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const chunks = Object.values(bundle).filter(isChunk) as unknown as ChunkLike[];
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) return;
        // The chunks the classic script holds: the entry and the start catalog, with what they import statically.
        const held: ChunkLike[] = [];
        const hold = (name: string): void => {
          const c = byName.get(name);
          if (!c || held.includes(c)) return;
          for (const dep of c.imports) hold(dep);
          held.push(c);
        };
        hold(entry.fileName);
        // What the lazy chunks may import statically: these files become shims, so that all share one instance.
        const shared = [...held];
        // The start catalog is data the first screen imports dynamically: the script holds a copy, and its file
        // stays as built (a lazy chunk that imported it would get the same words, and bench/i18n.ts sizes it).
        for (const c of chunks) if (c.facadeModuleId && firstScreen.test(c.facadeModuleId)) hold(c.fileName);
        const index = new Map(held.map((c, i) => [c.fileName, i]));
        for (const c of shared) {
          for (const id of c.moduleIds) {
            const names = stale.get(id);
            if (names)
              this.error(
                `${id} exports ${names.join(', ')}, reassigned later: a lazy chunk would read it stale through ${c.fileName}'s shim`,
              );
          }
        }

        const dir = entry.fileName.slice(0, entry.fileName.lastIndexOf('/') + 1);
        const local = (spec: string): string | null => {
          const m = /^\.\/([^/]+\.js)$/.exec(spec);
          return m ? dir + m[1]! : null;
        };
        const build = await rolldown({
          input: '\0verso-classic',
          logLevel: 'warn',
          // The chunks are Vite's output (minified, target es2022): this pass only links them.
          transform: { define: { 'import.meta.url': '__versoScriptUrl', 'import.meta': '{}' } },
          plugins: [
            {
              name: 'verso-classic-chunks',
              resolveId(spec, importer) {
                if (spec === '\0verso-classic') return spec;
                const file = importer === '\0verso-classic' ? spec : local(spec);
                if (file && index.has(file)) return `\0chunk:${file}`;
                // Every other chunk stays a lazy ES module, fetched by a native import() from the script's folder.
                return { id: spec, external: true };
              },
              load(id) {
                if (id === '\0verso-classic') {
                  return [
                    ...held.map((c, i) => `import * as c${i} from ${JSON.stringify(c.fileName)};`),
                    `export { ${held.map((_, i) => `c${i}`).join(', ')} };`,
                  ].join('\n');
                }
                if (id.startsWith('\0chunk:')) return byName.get(id.slice('\0chunk:'.length))!.code;
                return null;
              },
            },
          ],
        });
        const { output } = await build.generate({
          format: 'iife',
          name: GLOBAL,
          // The script's own URL, as `import.meta.url` was the module's: Vite's preload helper resolves the lazy
          // chunks and their CSS against it.
          intro: 'var __versoScriptUrl = document.currentScript.src;',
          minify: true,
          codeSplitting: false,
        });
        await build.close();
        const code = output[0].code;
        const fileName = `${dir}verso-${await shortHash(code)}.js`;
        this.emitFile({ type: 'asset', fileName, source: code });

        // Each shared chunk's file becomes its exports read from the classic script's global.
        for (const c of shared) {
          const i = index.get(c.fileName)!;
          const names = c.exports;
          c.code = names.length
            ? [
                `const m = globalThis.${GLOBAL}.c${i};`,
                `const ${names.map((n, k) => `x${k} = m[${JSON.stringify(n)}]`).join(', ')};`,
                `export { ${names.map((n, k) => `x${k} as ${n === 'default' ? 'default' : n}`).join(', ')} };`,
              ].join('\n')
            : '';
        }

        const html = bundle['index.html'];
        if (html?.type === 'asset' && typeof html.source === 'string') {
          let source = html.source.replace(
            new RegExp(
              `<script type="module" crossorigin src="\\./${entry.fileName.replace(/[.$]/g, '\\$&')}"></script>`,
            ),
            `<script defer src="./${fileName}"></script>`,
          );
          for (const c of held) {
            source = source.replace(
              new RegExp(
                `\\s*<link rel="modulepreload" crossorigin href="\\./${c.fileName.replace(/[.$]/g, '\\$&')}">`,
              ),
              '',
            );
          }
          if (!source.includes(fileName)) this.error('index.html: the entry script tag was not found');
          html.source = source;
        }
      },
    },
  };
}
