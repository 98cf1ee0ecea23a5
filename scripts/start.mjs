#!/usr/bin/env node
// `npm start`: the desktop app on the local engine where the Electron binary is installed; elsewhere (like
// machines that can only reach the npm registry, where Electron's binary cannot be downloaded) the same app in
// the web harness, with a message saying so. Extra arguments go to the web harness (--port, --data-dir).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', shell: false });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

if (existsSync('node_modules/electron/dist') || existsSync('node_modules/electron/path.txt')) {
  run(npx, ['electron-vite', 'build']);
  run(npx, ['electron-vite', 'preview']);
} else {
  console.log('The Electron binary is not installed here; starting Verso in the web harness instead (same app, same local engine).');
  run(npx, ['vite', 'build', '-c', 'renderer/vite.config.ts', '--logLevel', 'warn']);
  run(npx, ['tsx', 'web/server.ts', ...process.argv.slice(2)]);
}
