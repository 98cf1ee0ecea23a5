/**
 * Guard of the renderer's first paint (README, Start-up): the modules the entry imports statically — what the
 * initial JavaScript holds — do not import zod (the IPC contract's schemas), which only lazy screens load. A form
 * that imported one schema for a URL check put zod back into the initial JavaScript (+98 KB raw, about 30 ms of a
 * cold start in bench/renderer-size.ts); this walks the static imports from renderer/main.tsx (not `import type`,
 * not `import()`) and fails with the chain that reaches zod.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Static value imports of a module: `import x from`, `import { a } from`, `export … from`, `import './x.css'`. */
function staticImports(code: string): string[] {
  const out: string[] = [];
  const re = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const m of code.matchAll(re)) out.push(m[1]!);
  return out;
}

function resolveLocal(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  for (const ext of ['.ts', '.tsx', '/index.ts', '/index.tsx']) if (existsSync(base + ext)) return base + ext;
  return null;
}

/** The chain of modules from the entry to the first that imports `pkg`, or null. */
function chainTo(pkg: string): string[] | null {
  const entry = join(ROOT, 'renderer', 'main.tsx');
  const parent = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    for (const spec of staticImports(readFileSync(file, 'utf8'))) {
      if (spec === pkg || spec.startsWith(`${pkg}/`)) {
        const chain = [file];
        for (let p = parent.get(file); p; p = parent.get(p)) chain.unshift(p);
        return chain.map((f) => relative(ROOT, f));
      }
      if (!spec.startsWith('.')) continue;
      const next = resolveLocal(file, spec);
      if (next && !parent.has(next)) {
        parent.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

describe('the renderer entry’s static imports', () => {
  it('do not reach zod (the contract schemas load with the screens that need them)', () => {
    expect(chainTo('zod')).toBeNull();
  });
  it('are walked at all (the entry reaches React and the Translate screen)', () => {
    expect(chainTo('react-dom')).not.toBeNull();
  });
});
