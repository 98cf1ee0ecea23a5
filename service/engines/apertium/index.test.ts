/**
 * Tests of the Apertium engine against the real Debian pairs (skipped, with the reason printed, where Apertium
 * or its eng-spa / es-pt pairs are not installed), plus pipeline failure handling with stand-in modes made of
 * `sed`, which every machine has.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeholder, span, stripMarkers, tokenize } from '../../text/markers.js';
import { createApertiumEngine, type ApertiumEngine } from './index.js';

const run = promisify(execFile);
const MODES = '/usr/share/apertium/modes';
const hasApertium = ['eng-spa', 'spa-eng', 'es-pt_BR', 'es-pt'].every((m) =>
  existsSync(join(MODES, `${m}.mode`)),
);
if (!hasApertium) {
  console.warn(
    'Apertium tests skipped: apertium with the eng-spa and es-pt pairs is not installed (apt-get install apertium apertium-eng-spa apertium-es-pt).',
  );
}

function alive(pid: number): boolean {
  // Gone from /proc means exited and reaped (a zombie still has an entry).
  return existsSync(`/proc/${pid}`);
}

function markerIds(marked: string): string[] {
  return tokenize(marked)
    .flatMap((t) => (t.kind === 'open' ? [`span${t.id}`] : t.kind === 'placeholder' ? [`ph${t.id}`] : []))
    .sort();
}

describe.skipIf(!hasApertium)('Apertium engine with the installed pairs', () => {
  let engine: ApertiumEngine;

  beforeAll(async () => {
    engine = createApertiumEngine();
    await engine.start();
  }, 180_000);

  afterAll(async () => {
    const pids = engine.pipelines().flatMap((p) => p.pids);
    await engine.close();
    expect(pids.length).toBeGreaterThan(0);
    expect(pids.filter(alive)).toEqual([]);
  });

  const tr = (source: string, target: string, units: string[]) => engine.translate({ source, target, units });

  it('translates English to Spanish', async () => {
    const [out] = await tr('EN', 'ES', ['The red car is very fast.']);
    expect(out).toContain('coche');
    expect(out).toContain('rojo');
    expect(out?.endsWith('.')).toBe(true);
  });

  it('offers exactly the healthy directions, pivots through Spanish, and nothing it cannot do', () => {
    expect(engine.sourceLanguages()).toEqual(expect.arrayContaining(['EN', 'ES', 'PT']));
    expect(engine.targetLanguages()).toEqual(
      expect.arrayContaining(['ES', 'ES-419', 'PT-BR', 'PT-PT', 'EN-US']),
    );
    expect(engine.sourceLanguages()).not.toContain('DE');
    expect(engine.targetLanguages()).not.toContain('CA');
    expect(engine.supports('EN', 'DE')).toBe(false);
    expect(engine.supports('EN', 'PT-BR')).toBe(true);
    expect(engine.route('EN', 'PT-BR')).toEqual(['eng-spa', 'es-pt_BR']);
    expect(engine.route('ES', 'PT-PT')).toEqual(['es-pt']);
    const health = engine.health();
    expect(health.ok).toBe(true);
    expect(health.pairs['EN>ES']).toMatch(/^ok/);
    for (const key of Object.keys(health.pairs).filter((k) => !k.startsWith('mode '))) {
      const [s, t] = key.split('>');
      expect(engine.supports(s ?? '', t ?? '')).toBe(true);
    }
  });

  it('pivots EN→PT-BR through Spanish', async () => {
    const [out] = await tr('EN', 'PT-BR', ['The red car is very fast.']);
    expect(out).toMatch(/carro/);
    expect(out).toMatch(/vermelho/);
    expect(out).not.toMatch(/coche/);
  });

  it('leaves text unchanged between variants of one language', async () => {
    expect(await tr('EN', 'EN-US', ['The colour is red.'])).toEqual(['The colour is red.']);
  });

  it('gives the apertium CLI text for plain sentences, minus the double spaces of dropped pronouns', async () => {
    const text = 'The dogs eated the xyzzy. She has two houses in the city, and he has none!';
    const cli = await cliTranslate(text);
    const [ours] = await tr('EN', 'ES', [text]);
    expect(ours).toBe(cli.trim().replace(/ {2,}/g, ' '));
  });

  it('moves a span with its word when Apertium reorders', async () => {
    const [out = ''] = await tr('EN', 'ES', [`The ${span(1, 'red')} car is ${span(2, 'very fast')}.`]);
    const tokens = tokenize(out);
    const open1 = tokens.findIndex((t) => t.kind === 'open' && t.id === 1);
    expect(tokens[open1 + 1]).toEqual({ kind: 'text', text: 'rojo' });
    // "rojo" follows "coche": the span moved with its word.
    expect(out.indexOf('coche')).toBeLessThan(out.indexOf('rojo'));
    expect(out).toContain(span(2, 'muy rápido'));
    expect(stripMarkers(out)).toBe('El coche rojo es muy rápido.');
  });

  it('keeps every placeholder exactly once and every span, also through a pivot', async () => {
    const unit = `Click ${placeholder(1)} ${span(2, 'here')} to open ${span(3, '')} the file${placeholder(4)}.`;
    for (const target of ['ES', 'PT-BR']) {
      const [out = ''] = await tr('EN', target, [unit]);
      expect(markerIds(out)).toEqual(markerIds(unit));
    }
  });

  it('keeps newlines where they were', async () => {
    const unit = 'The house is big.\nthe car is red\n\n  The dog is fast.';
    const [out = ''] = await tr('EN', 'ES', [unit]);
    const lines = out.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('casa');
    expect(lines[1]).toMatch(/^el coche es rojo$/);
    expect(lines[2]).toBe('');
    expect(lines[3]).toMatch(/^ {2}El perro/);
  });

  /** Splits at tabs and line breaks (with the whitespace around them): odd entries are the separators. */
  const pieces = (text: string) => text.split(/(\s*[\t\n]\s*)/);
  const lowerFirst = (text: string) => text.replace(/\p{L}/u, (c) => c.toLowerCase());

  /** Each tab-separated piece comes out as that piece translated on its own, the separators byte for byte. */
  async function expectIndependentPieces(unit: string): Promise<string> {
    const [out = ''] = await tr('EN', 'ES', [unit]);
    const inParts = pieces(unit);
    const outParts = pieces(out);
    expect(outParts.filter((_, i) => i % 2)).toEqual(inParts.filter((_, i) => i % 2));
    const texts = inParts.filter((p, i) => i % 2 === 0 && p !== '');
    const alone = await tr('EN', 'ES', texts);
    expect(outParts.filter((p, i) => i % 2 === 0 && p !== '').map(lowerFirst)).toEqual(alone.map(lowerFirst));
    return out;
  }

  it('keeps words on their side of a tab (house⇥car is not reordered to "Coche⇥de casa")', async () => {
    const out = await expectIndependentPieces('house\tcar');
    const [first = '', second = ''] = out.split('\t');
    expect(first).toBe('Casa');
    expect(second).not.toMatch(/casa/i);
    expect(out.split('\t')).toHaveLength(2);
  });

  it('keeps every piece of a line with several tabs in its own place', async () => {
    const out = await expectIndependentPieces('red\tcar\t\thouse \t dog');
    expect(out).toMatch(/^Rojo\t\S+\t\tcasa \t perro$/);
    await expectIndependentPieces('The red car\tThe big house\tThe dog is fast.');
  });

  it('keeps tabs at the start and end of lines and of the unit', async () => {
    const unit = '\thouse\tcar\n\tred\tcar\t\nthe dog\t';
    const out = await expectIndependentPieces(unit);
    expect(out.startsWith('\tCasa\t')).toBe(true);
    expect(out.endsWith('\t')).toBe(true);
    expect(out.replace(/[^\t\n]/g, '')).toBe(unit.replace(/[^\t\n]/g, ''));
  });

  it('keeps a span that holds a tab or line break on both sides of it, without an inserted period', async () => {
    for (const br of ['\t', '\n']) {
      const [out = ''] = await tr('EN', 'ES', [`The ${span(1, `red${br}car`)} is fast.`]);
      expect(markerIds(out)).toEqual(['span1']);
      const text = stripMarkers(out);
      expect(text).toMatch(new RegExp(`^El rojo${br}\\S+ es \\S+\\.$`));
    }
  });

  it('translates text without tabs exactly as before tabs became sentence ends', async () => {
    // Outputs recorded with the engine before the change (eng-spa on this machine).
    const before: Record<string, string> = {
      'The red car is very fast.': 'El coche rojo es muy rápido.',
      'I saw the man with the telescope, but he did not see me.':
        'Vi el hombre con el telescopio, pero no me vio.',
      'The house is big.\nthe car is red\n\n  The dog is fast.':
        'La casa es grande.\nel coche es rojo\n\n  El perro es rápidamente.',
      'Click  here to  open the file.': 'Clic  aquí para  abrir la lima.',
      'The dogs eated the xyzzy. She has two houses in the city, and he has none!':
        'Los perros eated el xyzzy. Tiene dos casas en la ciudad, y tiene ninguno!',
    };
    expect(await tr('EN', 'ES', Object.keys(before))).toEqual(Object.values(before));
  });

  it('translates 50 units in one call, each on its own and in order', async () => {
    const units = Array.from({ length: 50 }, (_, i) => `The house ${i + 1} is big.`);
    units[10] = '';
    units[20] = '   ';
    const out = await tr('EN', 'ES', units);
    expect(out).toHaveLength(50);
    out.forEach((text, i) => {
      if (i === 10) expect(text).toBe('');
      else if (i === 20) expect(text).toBe('   ');
      else expect(text).toMatch(new RegExp(`^La casa ${i + 1} es grande\\.$`));
    });
  });

  it('answers many parallel requests on several pairs, each with its own result', async () => {
    const jobs = Array.from({ length: 24 }, (_, i) =>
      i % 3 === 2
        ? tr('ES', 'EN-US', [`La casa ${i} es grande.`]).then((o) => ({ i, o, want: `house ${i}` }))
        : tr('EN', i % 3 ? 'PT-BR' : 'ES', [`The house ${i} is big.`, `The dog ${i} is fast.`]).then((o) => ({
            i,
            o,
            want: `${i}`,
          })),
    );
    for (const { i, o, want } of await Promise.all(jobs)) {
      expect(o[0]).toContain(want);
      if (i % 3 !== 2) expect(o[1]).toContain(`${i}`);
    }
  });

  it('restarts a pipeline that was killed from outside', async () => {
    const before = engine.pipelines().find((p) => p.mode === 'eng-spa');
    expect(before?.pids.length).toBeGreaterThan(3);
    const victim = before?.pids[3] ?? 0;
    process.kill(victim, 'SIGKILL');
    const [out] = await tr('EN', 'ES', ['The red car is very fast.']);
    expect(out).toContain('coche');
    const after = engine.pipelines().find((p) => p.mode === 'eng-spa');
    expect(after?.starts).toBeGreaterThan(before?.starts ?? 0);
    expect(after?.pids).not.toContain(victim);
  });

  it('strips unknown-word marks on every offered source language', async () => {
    const sentences: Record<string, string> = {
      EN: 'The zorglubtrix is blorfy.',
      ES: 'El zorglubtrix es blorfoso.',
      FR: 'Le zorglubtrix est blorfeux.',
      PT: 'O zorglubtrix é blorfoso.',
      IT: 'Il zorglubtrix è blorfoso.',
      RO: 'Zorglubtrix este blorfos.',
      SV: 'Zorglubtrix är blorfig.',
      DA: 'Zorglubtrix er blorfig.',
      NB: 'Zorglubtrix er blorfig.',
    };
    let checked = 0;
    for (const key of Object.keys(engine.health().pairs)) {
      const [s = '', t = ''] = key.split('>');
      const sentence = sentences[s];
      if (!sentence || !engine.supports(s, t)) continue;
      const [out = ''] = await tr(s, t, [sentence]);
      expect(out, key).toMatch(/zorglubtrix/i);
      expect(out, key).not.toMatch(/[*@#]/);
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('passes the stream format special characters through byte for byte where nothing is translated', async () => {
    const specials = '[ ] \\ ^ $ @ / < > { } []{}<>\\^$@/ [[x]] \\[ a\\b';
    const [out] = await tr('EN', 'ES', [`The house ${specials} is big.`]);
    expect(out).toContain(specials.replace('a\\b', ''));
    expect(out).toContain('casa');
  });

  it('rejects a pair it does not offer with a message naming what it can do', async () => {
    await expect(tr('EN', 'DE', ['Hello'])).rejects.toThrow(
      /cannot translate EN to DE.*Available targets from EN: .*ES/,
    );
  });
});

/** The `apertium` CLI on a file (the wrapper script misreads a socket on stdin, which is what Node gives it). */
async function cliTranslate(text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'verso-apertium-cli-'));
  try {
    const file = join(dir, 'in.txt');
    await writeFile(file, text);
    const { stdout } = await run('apertium', ['-u', 'eng-spa', file], { encoding: 'utf8' });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('Apertium engine failure handling (stand-in modes made of sed)', () => {
  let dir: string;
  let engine: ApertiumEngine;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'verso-apertium-'));
    // An echo that never answers a frame containing HANG, and exits on one containing CRASH.
    await writeFile(join(dir, 'eng-spa.mode'), "sed -u -z -n -e '/HANG/{:a;N;ba}' -e '/CRASH/q' -e p\n");
    // A pair that answers every frame with nothing, as a crashing tagger behind the apertium wrapper does.
    await writeFile(join(dir, 'spa-eng.mode'), "sed -u -z -e '/verso-end/!s/.*//'\n");
    engine = createApertiumEngine({
      modesDir: dir,
      timeoutMs: 500,
      timeoutPerKiloCharMs: 0,
      warmupTimeoutMs: 10_000,
    });
    await engine.start();
  }, 60_000);

  afterAll(async () => {
    await engine.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('does not offer a pair whose probe came back empty, and says why', () => {
    expect(engine.supports('EN', 'ES')).toBe(true);
    expect(engine.supports('ES', 'EN-GB')).toBe(false);
    expect(engine.sourceLanguages()).toEqual(['EN']);
    expect(engine.targetLanguages()).toEqual(['ES', 'ES-419']);
    expect(engine.health().pairs['mode spa-eng']).toBe('failed: empty output');
  });

  it('kills and restarts a pipeline that does not answer in time', async () => {
    const before = engine.pipelines()[0];
    await expect(engine.translate({ source: 'EN', target: 'ES', units: ['HANG here'] })).rejects.toThrow(
      /did not answer within 500 ms; the pipeline was restarted/,
    );
    expect(before?.pids.filter(alive)).toEqual([]);
    expect(await engine.translate({ source: 'EN', target: 'ES', units: ['Still here [1].'] })).toEqual([
      'Still here [1].',
    ]);
  });

  it('answers a cancelled request at once, even while it waits behind a stuck one', async () => {
    const stuck = engine.translate({ source: 'EN', target: 'ES', units: ['HANG again'] });
    const controller = new AbortController();
    const waiting = engine.translate({
      source: 'EN',
      target: 'ES',
      units: ['later'],
      signal: controller.signal,
    });
    controller.abort();
    await expect(waiting).rejects.toThrow(/cancelled/);
    await expect(stuck).rejects.toThrow(/did not answer/);
    expect(await engine.translate({ source: 'EN', target: 'ES', units: ['next'] })).toEqual(['next']);
  });

  it('reports a pipeline that keeps crashing and serves the next request', async () => {
    await expect(engine.translate({ source: 'EN', target: 'ES', units: ['CRASH now'] })).rejects.toThrow(
      /Apertium eng-spa failed: stage 1 \(sed\) exited/,
    );
    expect(await engine.translate({ source: 'EN', target: 'ES', units: ['a', 'b\nc'] })).toEqual([
      'a',
      'b\nc',
    ]);
  });

  it('gives every one of many parallel requests its own answer', async () => {
    const jobs = Array.from({ length: 40 }, (_, i) =>
      engine.translate({ source: 'EN', target: 'ES', units: [`unit ${i} a`, `unit ${i} b`] }),
    );
    const out = await Promise.all(jobs);
    out.forEach((o, i) => expect(o).toEqual([`unit ${i} a`, `unit ${i} b`]));
  });

  it('replaces a pipeline after the configured number of uses', async () => {
    const short = createApertiumEngine({ modesDir: dir, maxUses: 2, modes: ['eng-spa'] });
    await short.start();
    for (let i = 0; i < 4; i++) await short.translate({ source: 'EN', target: 'ES', units: [`x${i}`] });
    // Probe + 4 requests with 2 uses per chain: the third chain is serving.
    expect(short.pipelines()[0]?.starts).toBe(3);
    await short.close();
  });
});
