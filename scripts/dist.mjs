#!/usr/bin/env node
/**
 * `npm run dist` (build time, plain Node): production build, then installers for this OS with electron-builder
 * (build/electron-builder.yml). Extra arguments go to electron-builder (`npm run dist -- --win --x64`).
 *
 * Packaging needs the Electron binary of the version in node_modules/electron. Where it was installed (the usual
 * `npm ci` on a machine that reaches GitHub), electron-builder reuses it; where it is missing, this says so
 * instead of failing in the middle of a download.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

run(process.execPath, ['scripts/build.mjs']);
const binary = 'node_modules/electron/dist';
if (!existsSync(binary) && !process.env.ELECTRON_MIRROR && !process.env.VERSO_DIST_DOWNLOAD) {
  console.error(
    `The Electron binary is not installed (${binary} is missing), so no installer can be made here. ` +
      'Run `npm ci` where github.com is reachable (it downloads the binary), or set VERSO_DIST_DOWNLOAD=1 to let ' +
      'electron-builder download it, or ELECTRON_MIRROR to use a mirror. The build itself is in out/.',
  );
  process.exit(2);
}
run(npx, ['electron-builder', '-c', 'build/electron-builder.yml', ...(existsSync(binary) ? ['-c.electronDist=' + binary] : []), ...process.argv.slice(2)]);
