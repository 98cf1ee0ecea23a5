/**
 * Broken and hostile clients against the local service (service process under test, pseudo engine): declared
 * oversize uploads, uploads that stall, slow headers, slow downloads, and text that is not valid UTF-8 on every
 * entry point (JSON, forms and multipart upload fields).
 * Timeouts are configured short, so no test waits long; every wait polls for a condition.
 */
import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { result, startDocService, status, upload, waitUntilFinished, type DocService } from '../documents/test-support.js';
import { call } from './http.js';

let svc: DocService;
beforeAll(async () => {
  svc = await startDocService({ maxUploadBytes: 1024 * 1024 }, { httpTimeouts: { idleMs: 400, headersMs: 800, requestMs: 20_000 } });
}, 120_000);
afterAll(async () => {
  await svc?.stop();
});

const until = async (cond: () => boolean | Promise<boolean>, what: string, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** A raw connection that records what the server sends and whether it closed. */
function raw(base: string): Promise<{ sock: Socket; received: () => string; closed: () => boolean }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const sock = connect(Number(url.port), url.hostname, () => resolve({ sock, received: () => data, closed: () => closed }));
    let data = '';
    let closed = false;
    sock.on('data', (d) => (data += d.toString('latin1')));
    sock.on('close', () => (closed = true));
    sock.on('error', () => undefined);
    sock.once('error', reject);
  });
}

const usage = async () => (await call(svc.proUrl, '/v2/usage', { key: svc.keys.pro_key })).body.character_count as number;
const storedFiles = async () => {
  const dir = join(svc.tmp, 'documents');
  const top = (await readdir(dir)).filter((n) => n !== 'work');
  const work = await readdir(join(dir, 'work')).catch(() => []);
  return [...top, ...work];
};

/** One /v2/translate call on its own connection (a new client arriving while the slow ones hold theirs). */
function translateOnFreshConnection(): Promise<number> {
  const body = JSON.stringify({ text: ['Hello'], source_lang: 'EN', target_lang: 'DE' });
  return new Promise((resolve, reject) => {
    const req = request(
      `${svc.proUrl}/v2/translate`,
      {
        method: 'POST',
        agent: false,
        headers: { authorization: `Service-Auth-Key ${svc.keys.pro_key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('upload limits', () => {
  it('answers 413 to a declared Content-Length over the limit before the body is sent', async () => {
    const c = await raw(svc.proUrl);
    c.sock.write(
      `POST /v2/document HTTP/1.1\r\nHost: x\r\nAuthorization: Service-Auth-Key ${svc.keys.pro_key}\r\n` +
        `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${200 * 1024 * 1024}\r\n\r\n`,
    );
    await until(() => c.received().includes('upload them one by one'), 'the 413 answer');
    expect(c.received()).toMatch(/^HTTP\/1\.1 413/);
    expect(c.received()).toMatch(/larger than the 1 MB/);
    await until(() => c.closed(), 'the connection to close');
  });

  it('cuts an upload that stalls, removes its partial files and bills nothing', async () => {
    const before = await usage();
    const c = await raw(svc.proUrl);
    const head =
      `--b\r\nContent-Disposition: form-data; name="target_lang"\r\n\r\nDE\r\n` +
      `--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n`;
    c.sock.write(
      `POST /v2/document HTTP/1.1\r\nHost: x\r\nAuthorization: Service-Auth-Key ${svc.keys.pro_key}\r\n` +
        `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${head.length + 500_000}\r\n\r\n${head}`,
    );
    c.sock.write('Hello world. '.repeat(2000));
    // Partial files exist while the body arrives …
    await until(async () => (await storedFiles()).length > 0, 'the upload to start');
    // … and the stalled connection is closed by the idle timeout, its files removed.
    await until(() => c.closed(), 'the stalled upload to be cut');
    await until(async () => (await storedFiles()).length === 0, 'the partial files to be removed');
    expect(await usage()).toBe(before);
  });

  it('closes connections that trickle their headers, while normal clients are served', async () => {
    const slow = await Promise.all(Array.from({ length: 200 }, () => raw(svc.proUrl)));
    for (const c of slow) c.sock.write('POST /v2/translate HTTP/1.1\r\nHost: x\r\n');
    const times: number[] = [];
    const timer = setInterval(() => {
      for (const c of slow) if (!c.closed()) c.sock.write('X-Slow: 1\r\n');
    }, 100);
    try {
      for (let i = 0; i < 40; i++) {
        const t0 = performance.now();
        expect(await translateOnFreshConnection()).toBe(200);
        times.push(performance.now() - t0);
      }
      await until(() => slow.every((c) => c.closed()), 'the trickling connections to be closed');
    } finally {
      clearInterval(timer);
      slow.forEach((c) => c.sock.destroy());
    }
    times.sort((a, b) => a - b);
    // Printed, not asserted (no timed assertions in tests): the figure the issue asks to keep under 200 ms.
    console.log(`normal client beside 200 slow-header connections: p99 ${times[Math.floor(times.length * 0.99)]!.toFixed(1)} ms`);
  });
});

describe('slow downloads', () => {
  // Its own service: the result must be larger than what the loopback socket buffers hold (several MB), so the
  // server really has to wait for the slow reader, and the upload limit above is 1 MB. Its idle limit is 3 s: short
  // enough to cut the stalled reader within the test, long enough that a loaded CI machine does not cut the 8 MB upload.
  let big: DocService;
  beforeAll(async () => {
    big = await startDocService({ maxUploadBytes: 32 * 1024 * 1024 }, { httpTimeouts: { idleMs: 3_000, headersMs: 3_000, requestMs: 60_000 } });
  }, 120_000);
  afterAll(async () => {
    await big?.stop();
  });

  it('a client that stops reading a 16 MB download (the server held by backpressure) blocks no other download, and its result comes whole', async () => {
    const svc = big;
    const paragraphs = Array.from({ length: 200_000 }, (_, i) => `Paragraph number ${i} of the long report.`);
    const long = await upload(svc.proUrl, svc.keys.pro_key, { name: 'long.txt', content: paragraphs.join('\n\n'), source: 'EN', target: 'DE' });
    const small = await upload(svc.proUrl, svc.keys.pro_key, { name: 'short.txt', content: 'Hello there.', source: 'EN', target: 'DE' });
    for (const d of [long, small]) expect((await waitUntilFinished(svc.proUrl, svc.keys.pro_key, d.body)).body.status).toBe('done');

    // The slow client: asks for the big result, reads the first bytes, then stops reading.
    const slow = await raw(svc.proUrl);
    const body = JSON.stringify({ document_key: long.body.document_key });
    // It reads the first bytes and stops (paused in the same tick, so the rest stays in the socket buffers).
    slow.sock.once('data', () => slow.sock.pause());
    slow.sock.write(
      `POST /v2/document/${long.body.document_id}/result HTTP/1.1\r\nHost: x\r\nAuthorization: Service-Auth-Key ${svc.keys.pro_key}\r\n` +
        `Content-Type: application/json\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    await until(() => slow.received().length > 0, 'the first bytes of the slow download');

    // Meanwhile another client downloads its document, whole.
    const quick = await result(svc.proUrl, svc.keys.pro_key, small.body);
    expect(quick.status).toBe(200);
    expect(quick.bytes.toString('utf8')).toMatch(/^⟦.*⟧$/);

    // Then it reads on: either the server waited (the whole result arrives) or it cut the stalled connection
    // after the idle limit, and the document, kept until a download completes, comes whole on retry.
    slow.sock.resume();
    await until(() => slow.closed(), 'the slow connection to end', 15_000);
    const response = Buffer.from(slow.received(), 'latin1');
    const bodyStart = response.indexOf('\r\n\r\n') + 4;
    const declared = Number(/content-length: (\d+)/i.exec(response.subarray(0, bodyStart).toString('latin1'))?.[1]);
    const got = response.length - bodyStart;
    console.log(`slow download: ${got} of ${declared} bytes before the connection ended`);
    const whole = (bytes: Buffer) => {
      const text = bytes.toString('utf8').split('\n\n');
      expect(text).toHaveLength(paragraphs.length);
      expect(text.every((t) => t.startsWith('⟦') && t.endsWith('⟧'))).toBe(true);
    };
    const again = await result(svc.proUrl, svc.keys.pro_key, long.body);
    if (got < declared) {
      expect(again.status).toBe(200);
      whole(again.bytes);
    } else {
      whole(response.subarray(bodyStart));
      expect(again.status).toBe(404);
    }
  });
});

describe('strict UTF-8 on every entry point', () => {
  const send = (path: string, body: Buffer, type: string) =>
    call(svc.proUrl, path, { key: svc.keys.pro_key, body, headers: { 'content-type': type } });

  it.each([
    ['/v2/translate', 'JSON with a byte that is not UTF-8', Buffer.concat([Buffer.from('{"target_lang":"DE","text":["ok","bad '), Buffer.from([0xff]), Buffer.from('"]}')]), 'application/json', /'text' \(item 2\)/],
    ['/v2/translate', 'JSON with a lone surrogate', Buffer.from('{"target_lang":"DE","text":["bad \\ud800 here"]}'), 'application/json', /'text'.*unpaired surrogate/],
    ['/v2/translate', 'a form with %FF', Buffer.from('target_lang=DE&text=caf%FF'), 'application/x-www-form-urlencoded', /'text'.*percent-encoded/],
    ['/v2/translate', 'a form with an encoded surrogate', Buffer.from('target_lang=DE&text=%ED%A0%80'), 'application/x-www-form-urlencoded', /'text'/],
    ['/v2/translate', 'a form with a raw byte that is not UTF-8', Buffer.concat([Buffer.from('target_lang=DE&text=caf'), Buffer.from([0xe9])]), 'application/x-www-form-urlencoded', /'text'.*not UTF-8/],
    ['/v2/glossaries', 'glossary entries with a lone surrogate', Buffer.from('{"name":"g","source_lang":"EN","target_lang":"DE","entries":"a\\tb\\ud800","entries_format":"tsv"}'), 'application/json', /'entries'/],
    ['/v2/glossaries', 'a glossary name that is not UTF-8', Buffer.concat([Buffer.from('name=g'), Buffer.from([0xc3, 0x28]), Buffer.from('&source_lang=EN&target_lang=DE&entries=a%09b&entries_format=tsv')]), 'application/x-www-form-urlencoded', /'name'/],
  ])('%s: %s → 400 naming the parameter, nothing billed', async (path, _what, body, type, message) => {
    const before = await usage();
    const r = await send(path, body, type);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(message);
    expect(r.body.message).toMatch(/UTF-8/);
    expect(await usage()).toBe(before);
  });

  it.each([
    ['filename', Buffer.concat([Buffer.from('report-'), Buffer.from([0xff, 0xfe]), Buffer.from('.txt')])],
    ['source_lang', Buffer.concat([Buffer.from('E'), Buffer.from([0xc3, 0x28])])],
  ])('a document upload whose %s field is not UTF-8 → 400 naming it, nothing stored or billed', async (field, bytes) => {
    const before = await usage();
    const filesBefore = await storedFiles();
    const boundary = 'verso-bad-field';
    const part = (headers: string, body: Buffer) => Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), body, Buffer.from('\r\n')]);
    const body = Buffer.concat([
      part('Content-Disposition: form-data; name="target_lang"', Buffer.from('DE')),
      part(`Content-Disposition: form-data; name="${field}"`, bytes),
      part('Content-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain', Buffer.from('Hello there.')),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const r = await call(svc.proUrl, '/v2/document', { key: svc.keys.pro_key, body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(new RegExp(`'${field}'.*not UTF-8`));
    expect(await usage()).toBe(before);
    await until(async () => (await storedFiles()).length === filesBefore.length, 'the upload files to be removed');
  });

  it('still accepts valid UTF-8, including characters outside the BMP', async () => {
    const r = await call(svc.proUrl, '/v2/translate', { key: svc.keys.pro_key, form: [['target_lang', 'DE'], ['text', 'café 😀 + 1']] });
    expect(r.status).toBe(200);
    expect(r.body.translations[0].text).toContain('😀');
    expect(r.body.translations[0].text).toContain('+ 1');
  });

  it('refuses a text document that is not UTF-8 with its encoding named, and refunds it', async () => {
    const before = await usage();
    const latin1 = Buffer.from('Le café était très chaud, et la crème brûlée aussi. '.repeat(20), 'latin1');
    const up = await upload(svc.proUrl, svc.keys.pro_key, { name: 'menu.txt', content: latin1, source: 'FR', target: 'EN-US' });
    expect(up.status).toBe(200);
    const st = await waitUntilFinished(svc.proUrl, svc.keys.pro_key, up.body);
    expect(st.body.status).toBe('error');
    expect(st.body.message).toMatch(/not UTF-8.*(windows-1252|ISO-8859-1).*save it as UTF-8/i);
    expect((await status(svc.proUrl, svc.keys.pro_key, up.body)).body.status).toBe('error');
    expect(await usage()).toBe(before);
  });
});
