#!/usr/bin/env node
/**
 * `npm start` (plain Node): sets the machine up first when it is not (scripts/ensure-setup.mjs), then starts the
 * desktop app on the local engine where the Electron binary is installed; elsewhere (machines that can only reach
 * the npm registry, where Electron's binary cannot be downloaded) the same app in the web harness, with a
 * message saying so. Extra arguments go to the web harness (--port, --data-dir).
 *
 * Builds only what changed: the desktop build runs when out/ is older than the sources, the web harness builds
 * the renderer itself when out/renderer is stale (web/server.ts), so a warm start skips straight to launching.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSetup } from './ensure-setup.mjs';
import { APP_SOURCES, isStale } from './freshness.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(ROOT);
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', shell: false });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

ensureSetup();

if (existsSync('node_modules/electron/dist') || existsSync('node_modules/electron/path.txt')) {
  const stamp = join('out', '.app-build-stamp');
  if (isStale(stamp, APP_SOURCES)) {
    run(process.execPath, ['scripts/build.mjs']);
    writeFileSync(stamp, `${new Date().toISOString()}\n`);
  }
  run(npx, ['electron-vite', 'preview', '--skipBuild']);
} else {
  console.log('The Electron binary is not installed here; starting Verso in the web harness instead (same app, same local engine).');
  run(process.execPath, ['--import', 'tsx', 'web/server.ts', ...process.argv.slice(2)]);
}
