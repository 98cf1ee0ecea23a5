#!/usr/bin/env node
/**
 * Runs scripts/setup when this machine is not set up yet (build time, plain Node): `npm start` and `npm test`
 * call it first, so a fresh Debian/Ubuntu clone needs one command to run and one to test. "Not set up" means
 * node_modules is missing or older than package-lock.json, or (on Debian/Ubuntu) one of the packages
 * scripts/setup installs is missing. Says what it does and why; does nothing (in milliseconds) otherwise.
 *
 * Standalone before node_modules exists: node built-ins only.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The Debian packages scripts/setup installs (read from its PACKAGES list, so there is one list). */
export function setupPackages() {
  const m = /PACKAGES=\(([^)]*)\)/.exec(readFileSync(join(ROOT, 'scripts', 'setup'), 'utf8'));
  return m ? m[1].split(/\s+/).filter(Boolean) : [];
}

/** Why setup must run, or undefined when nothing is missing. */
export function whySetup() {
  const modules = join(ROOT, 'node_modules', '.package-lock.json');
  if (!existsSync(modules)) return 'node_modules is missing';
  if (statSync(join(ROOT, 'package-lock.json')).mtimeMs > statSync(modules).mtimeMs + 1000) return 'package-lock.json changed since the last install';
  if (process.platform === 'linux' && existsSync('/usr/bin/dpkg-query')) {
    const pkgs = setupPackages();
    const r = spawnSync('dpkg-query', ['-W', '-f', '${Package} ${db:Status-Abbrev}\n', ...pkgs], { encoding: 'utf8' });
    const installed = new Set(
      r.stdout
        .split('\n')
        .filter((l) => /\sii\s*$/.test(l))
        .map((l) => l.split(' ')[0]),
    );
    const missing = pkgs.filter((p) => !installed.has(p));
    if (missing.length > 0) return `Debian packages are missing: ${missing.join(', ')}`;
  }
  return undefined;
}

export function ensureSetup() {
  if (process.env.VERSO_SKIP_SETUP === '1') return;
  const why = whySetup();
  if (!why) return;
  console.log(`Setting up first (${why}): running scripts/setup …`);
  const r = spawnSync(join(ROOT, 'scripts', 'setup'), { stdio: 'inherit', cwd: ROOT });
  if (r.status !== 0) {
    console.error('scripts/setup failed (see above). Fix what it names and run the command again.');
    process.exit(r.status ?? 1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) ensureSetup();
