/**
 * The web harness end to end, without a browser: a `ws` client plays the page. Checks the one-time token and the
 * origin guard, that calls reach the same registrars (first run on the local engine, spawned as a child process
 * like the app does), that events arrive, and that the page and shim are served with a strict CSP.
 */
import { createHash } from 'node:crypto';
import { createFormatters } from '../shared/i18n/format.js';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { acceptedLanguages, startHarness, tokensMatch, type Harness } from './server.js';

let dir: string;
let h: Harness;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'verso-web-'));
  await mkdir(join(dir, 'renderer'));
  await writeFile(join(dir, 'renderer', 'index.html'), '<!doctype html><html><head><title>Verso</title></head><body></body></html>');
  await mkdir(join(dir, 'renderer', 'assets'));
  await writeFile(join(dir, 'renderer', 'assets', 'index-AbC123.js'), 'export {};');
  h = await startHarness({ port: 0, dataDir: join(dir, 'data'), rendererDir: join(dir, 'renderer'), engines: ['pseudo'], log: () => undefined });
});
afterAll(async () => {
  await h?.close();
  await rm(dir, { recursive: true, force: true });
});

function open(origin: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${h.port}/__verso/ws`, { origin, headers });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

function closed(ws: WebSocket): Promise<number> {
  return new Promise((resolve) => ws.once('close', (code) => resolve(code)));
}

/** The shim's early `app.start` over HTTP (web/start-route.ts). */
function startOverHttp(session: string, o: { token?: string; origin?: string; method?: string; headers?: Record<string, string> } = {}) {
  return fetch(`http://127.0.0.1:${h.port}/__verso/start`, {
    method: o.method ?? 'POST',
    headers: { origin: o.origin ?? `http://127.0.0.1:${h.port}`, 'x-verso-token': o.token ?? h.token, 'content-type': 'application/json', ...o.headers },
    body: JSON.stringify({ session, input: { translate: true } }),
  });
}

/**
 * A page-like client: hello with the token (and the session of its HTTP start, if any), then `call(name, input)`
 * and collected events.
 */
async function page(token = h.token, headers: Record<string, string> = {}, session?: string) {
  const ws = await open(`http://127.0.0.1:${h.port}`, headers);
  const events: { name: string; payload: unknown }[] = [];
  const waiting = new Map<number, (r: unknown) => void>();
  let id = 0;
  const welcome = new Promise<void>((resolve) => {
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as { type: string; id: number; result: unknown; name: string; payload: unknown };
      if (msg.type === 'welcome') resolve();
      if (msg.type === 'result') waiting.get(msg.id)?.(msg.result);
      if (msg.type === 'event') events.push({ name: msg.name, payload: msg.payload });
    });
  });
  ws.send(JSON.stringify({ type: 'hello', token, ...(session && { session }) }));
  return {
    ws,
    events,
    welcome,
    call(name: string, input?: unknown) {
      return new Promise<{ ok: boolean; data?: unknown; error?: { code: string; message: string } }>((resolve) => {
        const n = ++id;
        waiting.set(n, resolve as (r: unknown) => void);
        ws.send(JSON.stringify({ type: 'call', id: n, name, input }));
      });
    },
  };
}

describe('web harness', () => {
  it('lets the browser keep built assets (hashed names), never the page or a stand-in for a missing asset', async () => {
    const asset = await fetch(`http://127.0.0.1:${h.port}/assets/index-AbC123.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`http://127.0.0.1:${h.port}/`)).headers.get('cache-control')).toBe('no-store');
    const missing = await fetch(`http://127.0.0.1:${h.port}/assets/gone-XyZ.js`);
    expect(await missing.text()).toContain('<title>Verso</title>');
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });

  it('serves a file rebuilt while it runs as it now is, not as first read', async () => {
    const file = join(dir, 'renderer', 'assets', 'later-QwE456.js');
    await writeFile(file, 'export const v = 1;');
    expect(await (await fetch(`http://127.0.0.1:${h.port}/assets/later-QwE456.js`)).text()).toBe('export const v = 1;');
    await writeFile(file, 'export const v = 22;');
    expect(await (await fetch(`http://127.0.0.1:${h.port}/assets/later-QwE456.js`)).text()).toBe('export const v = 22;');
  });

  it('prints a loopback URL carrying the token in the fragment', () => {
    expect(h.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${h.port}/#token=[A-Za-z0-9_-]{40,}$`));
  });

  it('compares tokens exactly', () => {
    expect(tokensMatch(h.token, h.token)).toBe(true);
    expect(tokensMatch(`${h.token}x`, h.token)).toBe(false);
    expect(tokensMatch('', h.token)).toBe(false);
  });

  it('refuses a WebSocket from another origin', async () => {
    await expect(open('http://evil.example')).rejects.toThrow(/403/);
  });

  it('closes a connection that presents a wrong token, and runs none of the calls sent right after it', async () => {
    const good = await page();
    const before = (await good.call('connections.list')).data as { connections: unknown[] };
    const p = await page('wrong-token');
    // As the page's shim does: its calls follow the token at once, without waiting for an answer.
    const answered = p.call('connections.addLocal', {});
    const code = await closed(p.ws);
    expect(code).toBe(4401);
    const outcome = await Promise.race([answered.then(() => 'answered'), new Promise((r) => setTimeout(() => r('not answered'), 200))]);
    expect(outcome).toBe('not answered');
    const after = (await good.call('connections.list')).data as { connections: unknown[] };
    expect(after.connections).toHaveLength(before.connections.length);
    good.ws.close();
  });

  it('answers the calls that follow a good token at once, without waiting for its welcome', async () => {
    const p = await page();
    // Sent in the same turn as the token (page() sent it), as the shim sends the calls made while the socket opened.
    const [info, settings] = await Promise.all([p.call('app.info'), p.call('settings.get')]);
    expect(info.data).toMatchObject({ name: 'Verso', shell: 'web' });
    expect(settings.ok).toBe(true);
    p.ws.close();
  });

  it('serves the page with the shim written in first, allowed by its hash alone, under a strict CSP', async () => {
    const res = await fetch(`http://127.0.0.1:${h.port}/`);
    const html = await res.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const shim = inline[0]!;
    expect(html.indexOf(shim)).toBeLessThan(html.indexOf('<title>'));
    expect(shim).toContain('"translate.run"');
    expect(shim).not.toContain('__VERSO_CALL_NAMES__');
    const policy = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = policy.split(';').map((d) => d.trim().split(/\s+/)).find(([k]) => k === 'script-src')!.slice(1);
    expect(scriptSrc).toEqual(["'self'", `'sha256-${createHash('sha256').update(shim).digest('base64')}'`]);
    expect(policy).toContain(`connect-src 'self' ws://127.0.0.1:${h.port}`);
    expect((await fetch(`http://127.0.0.1:${h.port}/..%2f..%2fpackage.json`)).status).not.toBe(200);
  });

  it('runs calls through the same registrars: first run, local engine, translation, events', async () => {
    const p = await page();
    await p.welcome;
    const info = await p.call('app.info');
    expect(info.data).toMatchObject({ name: 'Verso', shell: 'web' });
    const bad = await p.call('settings.update', { debounceMs: 1 });
    expect(bad.error?.code).toBe('invalid_input');
    const added = await p.call('connections.addLocal', {});
    expect(added.ok).toBe(true);
    const t = await p.call('translate.run', { texts: ['Good morning'], options: { targetLang: 'DE' } });
    expect(t.ok).toBe(true);
    expect((t.data as { engine: string }).engine).toBe('pseudo');
    expect(p.events.some((e) => e.name === 'connections.changed')).toBe(true);
    p.ws.close();
  });

  it('answers app.start with what each of the first screen’s own calls answers, in one message', async () => {
    const p = await page();
    await p.call('connections.addLocal', {});
    const start = (await p.call('app.start', { translate: true })).data as Record<string, unknown> & {
      translate: Record<string, unknown> & { connectionId: string };
    };
    const own = async (name: string, input?: unknown) => (await p.call(name, input)).data;
    expect(start.settings).toEqual(await own('settings.get'));
    expect(start.connections).toEqual(await own('connections.list'));
    expect(start.status).toEqual(await own('connections.status'));
    expect(start.translate.connectionId).toBe((start.status as { activeId: string }).activeId);
    // The same lists (the first read fetched them, a later one is marked as read from main's cache).
    const list = (l: unknown) => ({ ...(l as object), fromCache: null });
    expect(list(start.translate.source)).toEqual(list(await own('languages.list', { type: 'source' })));
    expect(list(start.translate.target)).toEqual(list(await own('languages.list', { type: 'target' })));
    expect((start.translate.target as { languages: unknown[] }).languages.length).toBeGreaterThan(0);
    expect(start.translate.pairs).toEqual(await own('languages.pairs', {}));
    expect(start.translate.prefs).toEqual(await own('translatePrefs.get'));
    expect(start.translate.capabilities).toEqual(await own('customisation.capabilities', {}));
    expect(start.translate.glossaries).toEqual(await own('glossaries.list'));
    expect(Array.isArray(start.translate.glossaries)).toBe(true);
    // The lists' names in main's UI language (English here), as the page's own formatters would name them.
    const names = start.translate.names as { locale: string; byCode: Record<string, string> };
    expect(names.locale).toBe('en');
    const codes = (start.translate.target as { languages: Array<{ code: string }> }).languages.map((l) => l.code);
    expect(codes).toContain('DE');
    for (const code of codes) expect(names.byCode[code] ?? '', code).toBe(createFormatters('en').languageName(code, ''));
    expect(names.byCode.DE).toBe('German');
    // Another first screen than Translate: no Translate data is read.
    expect(((await p.call('app.start', { translate: false })).data as { translate: unknown }).translate).toBeNull();
    expect((await p.call('app.start', {})).error?.code).toBe('invalid_input');
    p.ws.close();
  });

  it('takes the browser’s languages as the system’s, so main names the languages as the page does', async () => {
    // Where the UI language is "system" (the default), a Dutch browser's page got its first screen's language names
    // from main in English (the harness's process has no system language).
    const nl = await page(h.token, { 'accept-language': 'nl-NL,nl;q=0.9,en;q=0.8' });
    const names = ((await nl.call('app.start', { translate: true })).data as { translate: { names: { locale: string; byCode: Record<string, string> } } })
      .translate.names;
    expect(names.locale).toBe('nl');
    expect(names.byCode.DE).toBe(createFormatters('nl').languageName('DE', ''));
    expect(names.byCode.DE).not.toBe('German');
    nl.ws.close();
    // A later page of another browser language gets its own.
    const en = await page(h.token, { 'accept-language': 'en-US,en;q=0.5' });
    expect(((await en.call('app.start', { translate: true })).data as { translate: { names: { locale: string } } }).translate.names.locale).toBe('en');
    en.ws.close();
  });

  it('answers the early app.start over HTTP as over the socket, only to its own page (origin and token)', async () => {
    const p = await page();
    await p.call('connections.addLocal', {});
    const res = await startOverHttp('session-answers-0001');
    expect(res.status).toBe(200);
    const overHttp = (await res.json()) as { ok: boolean; data: { settings: unknown; translate: { connectionId: string } } };
    expect(overHttp.ok).toBe(true);
    const overSocket = (await p.call('app.start', { translate: true })).data as typeof overHttp.data;
    expect(overHttp.data.settings).toEqual(overSocket.settings);
    expect(overHttp.data.translate.connectionId).toBe(overSocket.translate.connectionId);
    // Refused: another origin, a wrong token, another method, a session id it would not make.
    expect((await startOverHttp('session-answers-0002', { origin: 'http://evil.example' })).status).toBe(403);
    expect((await startOverHttp('session-answers-0003', { token: 'wrong-token' })).status).toBe(403);
    expect((await startOverHttp('session-answers-0004', { method: 'PUT' })).status).toBe(403);
    expect((await startOverHttp('short')).status).toBe(400);
    p.ws.close();
  });

  it('gives the socket of an HTTP start the events main sent since that answer, first, and none from before', async () => {
    const other = await page();
    await other.welcome;
    await other.call('settings.update', { debounceMs: 400 }); // before the start: in its answer, never sent after it
    const answer = (await (await startOverHttp('session-events-0001')).json()) as { data: { settings: { debounceMs: number } } };
    expect(answer.data.settings.debounceMs).toBe(400);
    // After the answer, before the page's socket is there (the page is still loading its scripts).
    await other.call('settings.update', { debounceMs: 500 });
    await other.call('settings.update', { debounceMs: 600 });
    const p = await page(h.token, {}, 'session-events-0001');
    await p.welcome;
    await other.call('settings.update', { debounceMs: 700 }); // live, after the kept ones
    await expect.poll(() => p.events.filter((e) => e.name === 'settings.changed').length).toBe(3);
    expect(p.events.filter((e) => e.name === 'settings.changed').map((e) => (e.payload as { debounceMs: number }).debounceMs)).toEqual([500, 600, 700]);
    expect((await p.call('app.info')).ok).toBe(true);
    // A session is given once: a second socket naming it (or one never answered) cannot know what it missed.
    expect(await closed((await page(h.token, {}, 'session-events-0001')).ws)).toBe(4410);
    expect(await closed((await page(h.token, {}, 'session-never-answered')).ws)).toBe(4410);
    p.ws.close();
    other.ws.close();
  });

  it('reads an Accept-Language header most preferred first', () => {
    expect(acceptedLanguages('nl-NL,nl;q=0.9,en;q=0.8')).toEqual(['nl-NL', 'nl', 'en']);
    expect(acceptedLanguages('en;q=0.5, fr, *;q=0.1, de;q=0')).toEqual(['fr', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});
