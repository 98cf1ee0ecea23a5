/**
 * Issue 22 "done when": the protection corpus (./protect-corpus.txt — a few hundred strings in the style of
 * software string files, help pages, subtitles and e-mail, each with what must be kept) through the detector and
 * through the local service's `/v2/translate`, with the pseudo engine (which changes every ASCII letter, so a
 * lost span shows) and with Apertium (skipped, with the reason printed, where it is not installed).
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProtectedSpans } from '../../shared/protect/spans.js';
import { startService, type RunningService } from '../server.js';
import { call } from './http.js';
import { readProtectCorpus, type CorpusEntry } from './protect-corpus.js';

const corpus = readProtectCorpus();
const hasApertium = existsSync('/usr/share/apertium/modes/eng-spa.mode');
if (!hasApertium) console.warn('Skipping the protection corpus on Apertium: apertium and apertium-eng-spa are not installed (./scripts/setup).');

/** Where the detector's spans, merged when adjacent, differ from the corpus marks. */
function detectorMismatch(e: CorpusEntry): string | undefined {
  const merged: string[] = [];
  let end = -1;
  for (const s of findProtectedSpans(e.text)) {
    if (s.start === end && merged.length > 0) merged[merged.length - 1] += s.text;
    else merged.push(s.text);
    end = s.end;
  }
  const marks: string[] = [];
  end = -1;
  for (const k of e.keep) {
    if (k.start === end && marks.length > 0) marks[marks.length - 1] += k.text;
    else marks.push(k.text);
    end = k.end;
  }
  return JSON.stringify(merged) === JSON.stringify(marks) ? undefined : `line ${e.line}: marked ${JSON.stringify(marks)}, found ${JSON.stringify(merged)}`;
}

/** Checks one translation: every kept span there, in order, as often as in the source. */
function lostSpans(e: CorpusEntry, out: string): string[] {
  const lost: string[] = [];
  let from = 0;
  for (const k of e.keep) {
    const at = out.indexOf(k.text, from);
    if (at < 0) lost.push(k.text);
    else from = at + k.text.length;
  }
  // Order may change with a real engine; each span must still be there once per occurrence.
  if (lost.length === 0) return [];
  return e.keep.filter((k) => out.split(k.text).length - 1 < e.keep.filter((x) => x.text === k.text).length).map((k) => k.text);
}

async function translateAll(svc: RunningService, texts: string[], extra: Record<string, unknown>): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < texts.length; i += 50) {
    const r = await call(svc.proUrl, '/v2/translate', {
      key: svc.keys.pro_key,
      json: { text: texts.slice(i, i + 50), source_lang: 'EN', target_lang: 'ES', ...extra },
    });
    expect(r.status, r.text).toBe(200);
    out.push(...r.body.translations.map((t: { text: string }) => t.text));
  }
  return out;
}

describe('protection corpus', () => {
  it('has a few hundred strings from every kind of source', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(180);
    expect(new Set(corpus.map((e) => e.section)).size).toBeGreaterThanOrEqual(12);
    expect(corpus.reduce((n, e) => n + e.keep.length, 0)).toBeGreaterThanOrEqual(250);
  });

  it('the detector finds exactly the marked spans: nothing missed, no prose taken', () => {
    expect(corpus.map(detectorMismatch).filter(Boolean)).toEqual([]);
  });
});

describe('protection corpus through /v2/translate with the pseudo engine', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startService({ inMemory: true, engines: ['pseudo'] });
  }, 120_000);
  afterAll(async () => svc?.close());

  it('keeps every protected span byte for byte and still translates every prose word', async () => {
    const outs = await translateAll(svc, corpus.map((e) => e.text), { split_sentences: 'nonewlines' });
    const problems: string[] = [];
    corpus.forEach((e, i) => {
      const out = outs[i]!;
      const lost = lostSpans(e, out);
      if (lost.length > 0) problems.push(`line ${e.line}: lost ${JSON.stringify(lost)} in ${JSON.stringify(out)}`);
      // Prose outside the marks: the pseudo engine changes every ASCII letter, so no word of it may survive.
      let prose = e.text;
      for (const k of [...e.keep].reverse()) prose = prose.slice(0, k.start) + ' '.repeat(k.end - k.start) + prose.slice(k.end);
      let rest = out;
      for (const k of e.keep) rest = rest.replace(k.text, ' ');
      for (const word of prose.match(/[A-Za-z]{3,}/g) ?? []) {
        if (new RegExp(`\\b${word}\\b`).test(rest)) problems.push(`line ${e.line}: "${word}" left untranslated in ${JSON.stringify(out)}`);
      }
    });
    expect(problems).toEqual([]);
  });

  it('with tag_handling=xml and ignore_tags (what the app sends), wrapped spans come back too', async () => {
    const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const texts = corpus.map((e) => {
      let t = '';
      let at = 0;
      for (const k of e.keep) {
        t += esc(e.text.slice(at, k.start)) + `<x>${esc(k.text)}</x>`;
        at = k.end;
      }
      return t + esc(e.text.slice(at));
    });
    const outs = await translateAll(svc, texts, { tag_handling: 'xml', ignore_tags: ['x'] });
    const problems = corpus.flatMap((e, i) => {
      const kept = [...outs[i]!.matchAll(/<x>(.*?)<\/x>/gs)].map((m) => m[1]!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
      return JSON.stringify(kept) === JSON.stringify(e.keep.map((k) => k.text)) ? [] : [`line ${e.line}: ${outs[i]}`];
    });
    expect(problems).toEqual([]);
  });
});

describe.skipIf(!hasApertium)('protection corpus through /v2/translate with Apertium (EN→ES)', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startService({ inMemory: true, engines: ['apertium'] });
  }, 180_000);
  afterAll(async () => svc?.close());

  it('keeps every protected span byte for byte', async () => {
    const outs = await translateAll(svc, corpus.map((e) => e.text), { split_sentences: 'nonewlines' });
    const problems = corpus.flatMap((e, i) => {
      const lost = lostSpans(e, outs[i]!);
      return lost.length ? [`line ${e.line}: lost ${JSON.stringify(lost)} in ${JSON.stringify(outs[i])}`] : [];
    });
    expect(problems).toEqual([]);
    // And the prose is really translated: most strings changed.
    const changed = corpus.filter((e, i) => outs[i] !== e.text).length;
    expect(changed / corpus.length).toBeGreaterThan(0.8);
  });

  it('the issue\'s examples', async () => {
    const [count, path, code] = await translateAll(svc, ['Delete {count} items?', 'Open /home/anna/.config/verso/settings.json now.', 'Set COMPANY_CODE first.'], {});
    expect(count).toMatch(/^¿?Eliminar? \{count\} (elementos|artículos)\?$/);
    expect(path).toContain(' /home/anna/.config/verso/settings.json ');
    expect(code).toContain(' COMPANY_CODE ');
    const r = await call(svc.proUrl, '/v2/translate', {
      key: svc.keys.pro_key,
      json: {
        text: ['<nav><a href="/faq">FAQ</a> <a href="/examples">Examples</a> <a href="/notebooks">Notebooks</a> <a href="/gallery">Gallery</a></nav>'],
        source_lang: 'EN',
        target_lang: 'ES',
        tag_handling: 'html',
      },
    });
    const nav = r.body.translations[0].text as string;
    expect([...nav.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual(['/faq', '/examples', '/notebooks', '/gallery']);
    expect(nav).toMatch(/^<nav><a href="\/faq">[^<]+<\/a> <a href="\/examples">[^<]+<\/a> <a href="\/notebooks">[^<]+<\/a> <a href="\/gallery">[^<]+<\/a><\/nav>$/);
  });

  it('a placeholder stays next to the words it belongs to when the engine reorders them', async () => {
    const [adj, plural, path] = await translateAll(
      svc,
      ['Delete {count} new messages?', '%(count)d new messages', 'The file /tmp/report.pdf is too large.'],
      {},
    );
    // English adjective + noun becomes noun + adjective in Spanish; the count stays in front of the pair.
    expect(adj).toMatch(/\{count\} mensajes nuevos/);
    expect(plural).toBe('%(count)d mensajes nuevos');
    expect(path).toMatch(/\/tmp\/report\.pdf (es|está) demasiado grande/);
  });

  it('a hard-wrapped paragraph stays one sentence and keeps its line breaks, without a capital at each line start', async () => {
    const [wrapped] = await translateAll(svc, ['Please read the manual before\nyou install the new version of\nthe program on your computer.'], { split_sentences: 'nonewlines' });
    const lines = wrapped!.split('\n');
    expect(lines).toHaveLength(3);
    for (const line of lines.slice(1)) expect(line[0]).toBe(line[0]!.toLowerCase());
  });
});
