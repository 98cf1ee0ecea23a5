/**
 * Installer inputs (benchmark, plain Node): what the packaged app would carry. The size of out/ per part, the
 * files build/electron-builder.yml ships (through electron-builder's own file matcher, scripts/shipped-files.mjs)
 * against the baseline of shipping every production dependency the usual way (the `dependencies` closure in
 * node_modules, what electron-builder copies without a `files` filter), and the 10 largest packages of that
 * baseline, which the bundles make unnecessary at run time. Runs `npm run build` first when out/ is missing.
 *
 *   npx tsx bench/installer.ts
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { shippedFiles } from '../scripts/shipped-files.mjs';

const ROOT = join(import.meta.dirname, '..');
if (!existsSync(join(ROOT, 'out', 'service', 'cli.js')) || !existsSync(join(ROOT, 'out', 'main', 'index.js'))) {
  console.log('out/ is incomplete: running npm run build …');
  spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], { stdio: 'inherit' });
}

function duBytes(p: string): number {
  const st = statSync(p);
  if (!st.isDirectory()) return st.size;
  let n = 0;
  for (const name of readdirSync(p)) n += duBytes(join(p, name));
  return n;
}
const mb = (b: number) => `${(b / 1e6).toFixed(1)} MB`;

/** The production dependency closure as npm lays it out (hoisted): package.json `dependencies`, recursively. */
function productionClosure(): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (name: string, from: string) => {
    let dir = from;
    for (;;) {
      const candidate = join(dir, 'node_modules', name);
      if (existsSync(join(candidate, 'package.json'))) {
        if (out.has(candidate)) return;
        out.set(candidate, name);
        const pkg = JSON.parse(readFileSync(join(candidate, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> };
        for (const d of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) visit(d, candidate);
        return;
      }
      if (dir === ROOT || dir.length <= ROOT.length) return;
      dir = join(dir, '..', '..').replace(/\/node_modules$/, '');
    }
  };
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  for (const d of Object.keys(root.dependencies)) visit(d, ROOT);
  return out;
}

console.log('out/ (the build):');
let outTotal = 0;
for (const part of ['main', 'preload', 'renderer', 'service']) {
  const p = join(ROOT, 'out', part);
  const all = existsSync(p) ? duBytes(p) : 0;
  outTotal += all;
  console.log(`  out/${part.padEnd(9)} ${mb(all).padStart(9)}`);
}
console.log(`  total          ${mb(outTotal).padStart(9)}  (source maps included; they are not shipped)`);

const shipped = shippedFiles();
const shippedOut = shipped.filter((f) => f.path.startsWith('out/')).reduce((n, f) => n + f.size, 0);
const shippedModules = shipped.filter((f) => f.path.startsWith('node_modules/')).reduce((n, f) => n + f.size, 0);

const closure = productionClosure();
const sizes = [...closure.entries()].map(([dir, name]) => ({ name, bytes: duBytes(dir) }));
// Nested copies are inside their parent's folder already; count top-level folders once.
const baseline = [...closure.keys()].filter((d) => !d.slice(ROOT.length).includes('/node_modules/', '/node_modules/'.length)).reduce((n, d) => n + duBytes(d), 0);

console.log('\nWhat the installer carries (app.asar + app.asar.unpacked), same run:');
console.log('                                    out/ shipped   node_modules   total      ratio');
console.log(`baseline: every production dep       ${mb(shippedOut).padStart(9)}   ${mb(baseline).padStart(11)}   ${mb(shippedOut + baseline).padStart(9)}   1.00×`);
console.log(`Verso: files of electron-builder.yml ${mb(shippedOut).padStart(9)}   ${mb(shippedModules).padStart(11)}   ${mb(shippedOut + shippedModules).padStart(9)}   ${((shippedOut + shippedModules) / (shippedOut + baseline)).toFixed(2)}×`);
console.log(`  (${closure.size} packages in the production closure; shipped: ${[...new Set(shipped.filter((f) => f.path.startsWith('node_modules/')).map((f) => f.path.split('/')[1]))].join(', ')})`);

console.log('\n10 largest production packages (not needed at run time: main and the service are bundled):');
for (const s of sizes.sort((a, b) => b.bytes - a.bytes).slice(0, 10)) console.log(`  ${s.name.padEnd(28)} ${mb(s.bytes).padStart(9)}`);
