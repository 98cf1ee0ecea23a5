/**
 * Electron security lint in the suite (test code, plain Node): electronegativity over `electron/` reports no
 * medium or high finding that build/electronegativity.json does not justify, and it does catch a bad window
 * (so a regression fails `npm test`). Offline: see scripts/electronegativity.mjs.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scan } from './electronegativity.mjs';

describe('electronegativity', () => {
  it('finds nothing of medium or high severity in electron/ that is not justified', async () => {
    const { fatal, checks } = await scan();
    expect(checks).toBeGreaterThan(30);
    expect(fatal, fatal.map((f: { check: string; file: string; line: number }) => `${f.check} ${f.file}:${f.line}`).join('\n')).toEqual([]);
  }, 120_000);

  it('flags a window without isolation, sandbox or web security, and an app without navigation guards', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'verso-electronegativity-bad-'));
    try {
      await writeFile(
        join(dir, 'main.js'),
        "const { BrowserWindow } = require('electron');\nnew BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, webSecurity: false } });\n",
      );
      const { fatal } = await scan(dir);
      const checks = fatal.map((f: { check: string }) => f.check);
      expect(checks).toEqual(expect.arrayContaining(['CONTEXT_ISOLATION_JS_CHECK', 'SANDBOX_JS_CHECK', 'WEB_SECURITY_JS_CHECK', 'LIMIT_NAVIGATION_GLOBAL_CHECK']));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
