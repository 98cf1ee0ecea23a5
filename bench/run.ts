/**
 * Runs every benchmark in bench/ one after another (npm run bench), or the ones named:
 *   npm run bench -- apertium service-http
 * Each prints its own figures side by side with the baseline it measured in the same run.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.includes('.test.') && !f.startsWith('_'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)));
let failed = 0;
for (const f of files) {
  console.log(`\n=== bench/${f} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', `${dir}${f}`], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
