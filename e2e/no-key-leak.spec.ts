/**
 * E2E: API keys never reach the renderer. After adding a Pro connection, an admin key, a Free connection and the
 * local engine, and translating, the test reads the keys from the service's keys.json and searches for them in the DOM (markup and
 * form values), localStorage, sessionStorage, IndexedDB, every IPC message and event the shim received, and the
 * logs of the harness and of the service. The only place a key may appear is the renderer → main call that hands
 * it over (credentials are write-only); it must never come back.
 */
import type { WebSocket as PwWebSocket } from '@playwright/test';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { addHostedKey, output, pickLanguages, sourceBox } from './helpers.js';

const HANDOVER_CALLS = new Set([
  'connections.addHosted',
  'connections.addCustom',
  'credentials.setApiKey',
  'credentials.setAdminKey',
]);

/** Every keys.json under a folder (the harness's own local service writes one in Verso's data dir). */
async function keysFilesUnder(dir: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true })) {
    if (!String(entry).endsWith('keys.json')) continue;
    const keys = JSON.parse(await readFile(join(dir, String(entry)), 'utf8')) as Record<string, string>;
    for (const [name, key] of Object.entries(keys)) found[`local engine ${name}`] = key;
  }
  return found;
}

/** The service prints its keys once at start-up for the person who launched it; requests are logged after that. */
function afterReadyLine(logs: string[]): string {
  const all = logs.join('');
  const at = all.indexOf('[verso-service] ready');
  return at < 0 ? all : all.slice(at);
}

test('no API key appears in the renderer, its storage, IPC answers, events or logs', async ({
  verso: { page, logs, dataDir },
  service,
}) => {
  const sent: string[] = [];
  const received: string[] = [];
  const watch = (ws: PwWebSocket) => {
    ws.on('framesent', (f) => sent.push(String(f.payload)));
    ws.on('framereceived', (f) => received.push(String(f.payload)));
  };
  page.on('websocket', watch);
  // The socket of the first page load opened before the listener: reload so every frame is seen.
  await page.reload();

  await addHostedKey(page, service.keys.pro_key);
  await pickLanguages(page, 'EN', 'DE');
  await sourceBox(page).fill('Secret-free text');
  await expect(output(page)).not.toBeEmpty();

  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Add admin key' }).click();
  await page.getByLabel('Admin key', { exact: true }).fill(service.keys.admin_key);
  await page.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByText(/admin key stored encrypted|admin key for this session/)).toBeVisible();
  await page.getByRole('button', { name: 'Hosted key' }).click();
  await page.getByLabel('API key', { exact: true }).fill(service.keys.free_key);
  await page.getByRole('button', { name: 'Check and save', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Connection', exact: true }).locator('option')).toHaveCount(
    2,
  );
  await page.getByRole('button', { name: 'Test' }).first().click();
  await expect(page.getByText(/^Works\./)).toBeVisible();
  // The local engine too: main holds the key of the service it starts.
  await page.getByRole('button', { name: 'Local engine', exact: true }).click();
  await page.getByRole('button', { name: 'Use the local engine' }).click();
  await expect(page.getByRole('combobox', { name: 'Connection', exact: true }).locator('option')).toHaveCount(
    3,
  );
  await page.getByRole('button', { name: 'Translate', exact: true }).click();
  await sourceBox(page).fill('Through the local engine');
  await expect(output(page)).toContainText('⟦');

  const renderer = await page.evaluate(async () => {
    const dump = (s: Storage) => JSON.stringify(Object.fromEntries(Object.entries(s)));
    const values = [...document.querySelectorAll('input, textarea, select')].map(
      (e) => (e as HTMLInputElement).value,
    );
    const idb: string[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((ok, fail) => {
        const r = indexedDB.open(info.name!);
        r.onsuccess = () => ok(r.result);
        r.onerror = () => fail(r.error);
      });
      for (const store of db.objectStoreNames) {
        const all = await new Promise<unknown[]>((ok) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => ok(req.result);
        });
        idb.push(JSON.stringify(all));
      }
      db.close();
    }
    return {
      dom: document.documentElement.outerHTML,
      values: values.join('\n'),
      local: dump(localStorage),
      session: dump(sessionStorage),
      idb: idb.join('\n'),
    };
  });

  expect(sent.length).toBeGreaterThan(0);
  expect(received.length).toBeGreaterThan(0);
  const handovers = sent.filter((m) => {
    try {
      return HANDOVER_CALLS.has((JSON.parse(m) as { name?: string }).name ?? '');
    } catch {
      return false;
    }
  });
  expect(handovers.length).toBe(3);
  const otherSent = sent.filter((m) => !handovers.includes(m));

  const places: Record<string, string> = {
    'DOM markup': renderer.dom,
    'form values': renderer.values,
    localStorage: renderer.local,
    sessionStorage: renderer.session,
    IndexedDB: renderer.idb,
    'IPC answers and events': received.join('\n'),
    'IPC calls other than the key hand-over': otherSent.join('\n'),
    'harness log': logs.join(''),
    'service request log': afterReadyLine(service.logs),
  };
  const keys = { ...service.keys, ...(await keysFilesUnder(dataDir)) };
  expect(Object.keys(keys).length).toBeGreaterThanOrEqual(6);
  for (const [name, key] of Object.entries(keys)) {
    for (const [place, text] of Object.entries(places)) {
      expect(text.includes(key), `${name} found in ${place}`).toBe(false);
    }
  }
});
