#!/usr/bin/env node
/**
 * Electron security lint for CI (build time, plain Node): runs @doyensec/electronegativity over `electron/` and
 * fails on any finding of medium or high severity that build/electronegativity.json does not justify. Low and
 * informational findings are printed, not fatal.
 *
 * Runs the library's runner rather than its CLI: both fetch "updated translations" of their messages from the
 * internet at start (got, 1 s timeout); CI talks to no address but 127.0.0.1, so the `got` module they load is
 * replaced by one that fails at once, and the bundled English messages are used.
 *
 *   node scripts/electronegativity.mjs [--input electron] [--json]
 */
import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CONFIG = join(ROOT, 'build', 'electronegativity.json');

/** Loads the runner with `got` stubbed (no network). */
function loadRunner() {
  const require = createRequire(import.meta.url);
  const pkgDir = dirname(require.resolve('@doyensec/electronegativity/package.json'));
  const local = createRequire(join(pkgDir, 'dist', 'index.js'));
  const gotPath = local.resolve('got');
  const stub = new Module(gotPath);
  stub.filename = gotPath;
  stub.loaded = true;
  stub.exports = () => Promise.reject(new Error('network disabled in CI'));
  stub.exports.default = stub.exports;
  stub.exports.head = stub.exports;
  local.cache[gotPath] = stub;
  // Its i18n helper says "Could not retrieve updated translations" on console.log; keep CI output clean.
  const log = console.log;
  console.log = (...a) => (String(a[0]).startsWith('Could not retrieve updated translations') ? undefined : log(...a));
  // Its build sets module.exports to the function itself (babel add-module-exports).
  const mod = local(join(pkgDir, 'dist', 'runner.js'));
  return mod.default ?? mod;
}

/**
 * Runs the scan and returns `{ findings, fatal, checks }`: every finding, those of medium or high severity that the
 * config does not justify (a justification names the check and the file relative to the repository, or `*`), and
 * how many checks ran.
 */
export async function scan(input = join(ROOT, 'electron')) {
  const run = loadRunner();
  const config = JSON.parse(readFileSync(CONFIG, 'utf8'));
  const result = await run({
    input,
    isSarif: false,
    customScan: [],
    // Looks up Electron's release list on GitHub (network); keeping Electron current is the dependency updates'
    // job, not this offline scan's.
    excludeFromScan: ['availablesecurityfixesglobalcheck'],
    isRelative: false,
    isVerbose: false,
    electronVersionOverride: JSON.parse(readFileSync(join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8')).version,
    parserPlugins: [],
  });
  if (result.errors.length > 0) {
    throw new Error(`electronegativity could not parse: ${result.errors.map((e) => `${e.file}: ${e.message}`).join('; ')}`);
  }
  const findings = result.issues.map((i) => ({
    check: i.id,
    severity: i.severity.name,
    confidence: i.confidence.name,
    manualReview: Boolean(i.manualReview),
    file: i.file === 'N/A' ? 'N/A' : relative(ROOT, resolve(i.file)).split('\\').join('/'),
    line: i.location?.line ?? 0,
    description: i.description,
  }));
  const justified = (f) => config.justified.some((j) => j.check.toUpperCase() === f.check.toUpperCase() && (j.file === '*' || j.file === f.file));
  const fatal = findings.filter((f) => (f.severity === 'HIGH' || f.severity === 'MEDIUM') && !justified(f));
  return { findings, fatal, checks: result.globalChecks + result.atomicChecks };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { input: { type: 'string' }, json: { type: 'boolean', default: false } } });
  const { findings, fatal, checks } = await scan(values.input ? resolve(values.input) : undefined);
  if (values.json) console.log(JSON.stringify({ findings, fatal }, null, 2));
  else {
    for (const f of findings) console.log(`${fatal.includes(f) ? '✗' : '·'} ${f.severity.padEnd(13)} ${f.check} ${f.file}:${f.line}`);
    console.log(`electronegativity: ${checks} checks, ${findings.length} finding(s), ${fatal.length} medium/high not justified in build/electronegativity.json`);
  }
  if (fatal.length > 0) {
    console.error('Fix each ✗ finding above, or justify it in build/electronegativity.json ({"check", "file", "why"}).');
    process.exit(1);
  }
}
