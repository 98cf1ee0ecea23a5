/**
 * E2E: nothing the user typed is lost when the web harness restarts. The draft (text, languages, options) is kept
 * in Verso's settings in the user-data folder, so a new harness on a new port (a new page origin, with empty window
 * storage) but the same `--data-dir` shows it again.
 */
import { createServer, type Server } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, startWebHarness, test, skipBecause } from './fixtures.js';
import { chooseLocalEngine, openOptions, output, pickLanguages, sourceBox } from './helpers.js';

/**
 * Occupies a port so the next harness cannot be given it again: the restart must change the origin. Connections
 * (the old page's shim trying to reconnect) are dropped at once so closing it never waits on them.
 */
function holdPort(port: number): Promise<Server> {
  return new Promise((ok, fail) => {
    const s = createServer((socket) => socket.destroy());
    s.once('error', fail);
    s.listen(port, '127.0.0.1', () => ok(s));
  });
}

test('the Translate draft survives a harness restart on a new port with the same data dir', async ({ service, tempDir, page }, testInfo) => {
  skipBecause(testInfo, testInfo.project.name === 'electron', 'this spec restarts the web harness; the desktop app keeps its draft through the same settings service.');
  const dataDir = join(tempDir, 'verso');
  const first = await startWebHarness(service, dataDir);
  const firstPort = new URL(first.url).port;
  let held: Server | undefined;
  let second: Awaited<ReturnType<typeof startWebHarness>> | undefined;
  try {
    await page.goto(first.url);
    await chooseLocalEngine(page);
    await pickLanguages(page, 'EN', 'DE');
    await openOptions(page);
    await page.getByLabel(/^Context/).fill('Greeting cards');
    await sourceBox(page).fill('Nothing typed is lost');
    await expect(output(page)).not.toBeEmpty();
    // The draft has reached the settings file in the data dir (written after a short pause in typing).
    await expect
      .poll(async () => {
        const file = await readFile(join(dataDir, 'settings.json'), 'utf8').catch(() => '{}');
        return (JSON.parse(file) as { settings?: { translateDraft?: { text?: string } } }).settings?.translateDraft?.text;
      })
      .toBe('Nothing typed is lost');

    await first.proc.stop();
    held = await holdPort(Number(firstPort));
    second = await startWebHarness(service, dataDir);
    expect(new URL(second.url).port).not.toBe(firstPort);

    await page.goto(second.url);
    await expect(page.getByRole('heading', { name: 'Translate', level: 1 })).toBeVisible();
    await expect(sourceBox(page)).toHaveValue('Nothing typed is lost');
    await expect(page.getByLabel('To', { exact: true })).toHaveValue('DE');
    await openOptions(page);
    await expect(page.getByLabel(/^Context/)).toHaveValue('Greeting cards');
    // The new origin's window storage is empty: the draft came from the data dir, not from the browser.
    // (The interface language's hint for the first paint is the only thing kept there.)
    const stored = await page.evaluate(() => Object.keys(localStorage).map((k) => `${k}=${localStorage.getItem(k)}`));
    expect(stored.filter((kv) => kv.includes('Nothing typed') || kv.includes('Greeting cards'))).toEqual([]);
  } finally {
    await page.close();
    await second?.proc.stop();
    await first.proc.stop();
    await new Promise<void>((r) => (held ? held.close(() => r()) : r()));
  }
});
