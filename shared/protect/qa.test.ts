import { describe, expect, it } from 'vitest';
import { checkSegment, hasIssues } from './qa.js';

describe('checkSegment', () => {
  it('passes a translation that keeps placeholders, numbers, URLs and tags', () => {
    const r = checkSegment(
      'Delete {count} of 1,000.5 files from <b>https://x.org/a</b>?',
      '¿Eliminar {count} de 1.000,5 archivos de <b>https://x.org/a</b>?',
    );
    expect(r).toEqual({ missing: [], added: [] });
    expect(hasIssues(r)).toBe(false);
  });

  it('flags a changed placeholder as missing (and says what)', () => {
    const r = checkSegment('Delete {count} items?', 'Elimina {elementos} de cuenta?');
    expect(r.missing).toEqual([{ kind: 'placeholder', text: '{count}' }]);
    expect(r.added).toEqual([{ kind: 'placeholder', text: '{elementos}' }]);
    expect(hasIssues(r)).toBe(true);
  });

  it('counts repeated placeholders and lost numbers', () => {
    const r = checkSegment('%s and %s, 3 times', '%s und 4 Mal');
    expect(r.missing).toEqual([
      { kind: 'placeholder', text: '%s' },
      { kind: 'number', text: '3' },
    ]);
    expect(r.added).toEqual([{ kind: 'number', text: '4' }]);
  });

  it('reads full-width and Arabic-Indic digits as the same numbers', () => {
    expect(checkSegment('Page 12 of 30', 'ページ１２／３０')).toEqual({ missing: [], added: [] });
    expect(checkSegment('12 files', '١٢ ملفًا')).toEqual({ missing: [], added: [] });
  });

  it('flags tags by name: a moved tag is fine, a lost closing tag is not', () => {
    expect(checkSegment('<b><u>[dog barking]</u></b>', '<b><u>[El perro ladra]</u></b>').missing).toEqual([]);
    const r = checkSegment('Press <b>OK</b>', 'Pulse <b>OK');
    expect(r.missing).toEqual([{ kind: 'tag', text: '</b>' }]);
  });

  it('does not count digits inside placeholders, versions or tags as numbers', () => {
    expect(checkSegment('Use {0} with v1.2.3 in <h2>', 'Usa {0} con v1.2.3 en <h2>')).toEqual({ missing: [], added: [] });
  });

  it('flags a lost path or identifier, but not a new dotted word in the translation', () => {
    const r = checkSegment('Open /home/anna/settings.json', 'Abre /casa/anna/ajustes.json');
    expect(r.missing).toEqual([{ kind: 'code', text: '/home/anna/settings.json' }]);
    expect(r.added).toEqual([]);
  });

  it('finds a URL that the translation runs into a bracket, and flags a new one', () => {
    expect(checkSegment('Visit https://verso.example/help', '⟦Vísít https://verso.example/help⟧')).toEqual({ missing: [], added: [] });
    const r = checkSegment('Visit https://verso.example/help', 'Besuche https://verso.example/hilfe');
    expect(r.missing).toEqual([{ kind: 'url', text: 'https://verso.example/help' }]);
    expect(r.added).toEqual([{ kind: 'url', text: 'https://verso.example/hilfe' }]);
  });

  it('reads placeholders and URLs the translation added, and uses the source spans it is given', () => {
    const r = checkSegment('Hello', 'Hallo %s, see https://x.org and {name}');
    expect(r.added).toEqual([
      { kind: 'placeholder', text: '%s' },
      { kind: 'placeholder', text: '{name}' },
      { kind: 'url', text: 'https://x.org' },
    ]);
    // Spans from protection (start/end in the source) stand in for a second detector run.
    expect(checkSegment('Use {n}', 'Nutze', [{ start: 4, end: 7, kind: 'placeholder', text: '{n}' }]).missing).toEqual([{ kind: 'placeholder', text: '{n}' }]);
  });

  it('checks a long text with thousands of spans and numbers, flagging exactly what one paragraph lost', () => {
    // 4,000 paragraphs, 8,000 spans, 4,000 numbers: a whole long text is checked at once (this took minutes when
    // every number was compared with every span).
    const para = (i: number, path = `/srv/data/${i}.txt`) => `Paragraph ${i} has {count} items in ${path} & more.`;
    const source = Array.from({ length: 4000 }, (_, i) => para(i)).join('\n\n');
    const target = Array.from({ length: 4000 }, (_, i) => (i === 2999 ? `Absatz hat {count} Dinge in /srv/daten/neu.txt.` : para(i).replace('Paragraph', 'Absatz'))).join('\n\n');
    expect(checkSegment(source, target)).toEqual({
      missing: [
        { kind: 'code', text: '/srv/data/2999.txt' },
        { kind: 'number', text: '2999' },
      ],
      added: [],
    });
  });

  it('has nothing to say about an empty target', () => {
    expect(checkSegment('Delete {count}', '')).toEqual({ missing: [], added: [] });
  });
});
