#!/usr/bin/env node
/**
 * `npm run build` (build time, plain Node): the production build in out/: main, preload and renderer with
 * electron-vite (electron.vite.config.ts), and the local Translation Service bundled to out/service/cli.js
 * (scripts/build-service.mjs), runnable with plain `node out/service/cli.js serve`.
 */
import { spawnSync } from 'node:child_process';
import { buildService } from './build-service.mjs';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const started = Date.now();
const r = spawnSync(npx, ['electron-vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
await buildService({ minify: true });
console.log(`Built out/main, out/preload, out/renderer and out/service/cli.js in ${((Date.now() - started) / 1000).toFixed(1)} s`);
