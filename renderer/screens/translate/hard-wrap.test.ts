// @vitest-environment happy-dom
/**
 * Unit tests (issue 20, point 8): hard-wrapped text (an e-mail, a PDF copy) is told apart from text whose line
 * breaks mean something (lists, poems, addresses, one sentence per line). The decision is made per paragraph: a
 * wrapped paragraph followed by a signature or a list of lines is still hard-wrapped (seen on a tour: each wrapped
 * line was translated on its own, "…antes de que nosotros / Signo: los plazos…"), and only the wrapped paragraphs
 * are joined.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TRANSLATE_PREFS } from '../../../shared/ipc/contract.js';
import { LOCAL_CONNECTION, renderApp, resetRenderer } from '../../test-utils/scenario.js';
import { findHardWrap, looksHardWrapped } from './hard-wrap.js';

const EMAIL = `Dear Ms Weber,

thank you for sending the contract so quickly. We have read it with our
lawyer and would like to change two points before we sign it: the notice
period in section 4 and the payment terms in section 7, which we would
prefer to be thirty days instead of fourteen.

Kind regards,
Tom`;

const PDF = `The committee reviewed the annual budget and found that the costs of the
new building were higher than planned. It asked the board to explain the
difference and to present a revised schedule at the next meeting.`;

/** The tour's case: an e-mail paragraph wrapped at 70 columns, then lines to fill in, one per line. */
const WRAPPED_PARAGRAPH = `We have read the contract with our lawyer and would like to change the
notice period in section 4 and the payment terms in section 7 before we
sign it: one month instead of three, and thirty days instead of fourteen.`;
const JOINED_PARAGRAPH =
  'We have read the contract with our lawyer and would like to change the notice period in section 4 and the ' +
  'payment terms in section 7 before we sign it: one month instead of three, and thirty days instead of fourteen.';
const PLACEHOLDERS = 'Name: [your name]\nCompany: [company]\nSignature: [signature]\nDate: [date]';
const SIGNATURE = 'Kind regards,\nTom Becker\nSales Manager\nNorth Trading GmbH';
const ADDRESS = 'North Trading GmbH\nHafenstrasse 12\n20457 Hamburg\nGermany';

describe('looksHardWrapped', () => {
  it('finds paragraphs broken at a fixed width', () => {
    expect(looksHardWrapped(EMAIL)).toBe(true);
    expect(looksHardWrapped(PDF)).toBe(true);
  });

  it('leaves alone lines that end sentences, lists, short lines and single lines', () => {
    expect(looksHardWrapped('The red car is very fast.\nThe blue car is slow.\nThe green car is new.')).toBe(false);
    expect(looksHardWrapped('Shopping for the long weekend at the lake house:\n- bread and butter for the morning\n- apples from the market stall\n- coffee')).toBe(false);
    expect(looksHardWrapped('Roses are red,\nviolets are blue,\nsugar is sweet,\nand so are you.')).toBe(false);
    expect(looksHardWrapped('One long line of text that is not wrapped at all because it is a single line.')).toBe(false);
  });

  it('finds a wrapped paragraph followed by a paragraph of separate lines (placeholders, a signature)', () => {
    expect(looksHardWrapped(`${WRAPPED_PARAGRAPH}\n\n${PLACEHOLDERS}`)).toBe(true);
    expect(looksHardWrapped(`${WRAPPED_PARAGRAPH}\r\n\r\n${SIGNATURE.replace(/\n/g, '\r\n')}`)).toBe(true);
    expect(looksHardWrapped(`Dear Ms Weber,\n\n${WRAPPED_PARAGRAPH}\n\n${SIGNATURE}\n\n${ADDRESS}`)).toBe(true);
  });

  it('finds two short wrapped paragraphs of one wrap each (as the text-wide count did)', () => {
    const short = `Thank you for the quick answer about the delivery date for the new
machines in our Hamburg warehouse.

We will send the signed order to your office before the end of this
week, together with the bank details you asked for.`;
    expect(looksHardWrapped(short)).toBe(true);
    expect(findHardWrap(short)?.allWrapped).toBe(true);
  });

  it('leaves alone a list, an address, a poem or one long line on their own', () => {
    expect(looksHardWrapped(PLACEHOLDERS)).toBe(false);
    expect(looksHardWrapped(ADDRESS)).toBe(false);
    expect(looksHardWrapped(`${SIGNATURE}\n\n${ADDRESS}`)).toBe(false);
    expect(looksHardWrapped('Roses are red,\nviolets are blue,\nsugar is sweet,\nand so are you.\n\nThe rose is red,\nthe violet blue,\nthe honey sweet,\nand so are you.')).toBe(false);
    expect(looksHardWrapped(JOINED_PARAGRAPH)).toBe(false);
    expect(looksHardWrapped(`${JOINED_PARAGRAPH}\n\n${PLACEHOLDERS}`)).toBe(false);
  });
});

describe('findHardWrap', () => {
  it('joins only the wrapped paragraphs and keeps the lines of the others, byte for byte', () => {
    expect(findHardWrap(`${WRAPPED_PARAGRAPH}\n\n${PLACEHOLDERS}`)).toEqual({
      joined: `${JOINED_PARAGRAPH}\n\n${PLACEHOLDERS}`,
      allWrapped: false,
    });
    const crlf = `Dear Ms Weber,\r\n\r\n${WRAPPED_PARAGRAPH.replace(/\n/g, '\r\n  ')}\r\n\r\n${SIGNATURE.replace(/\n/g, '\r\n')}`;
    expect(findHardWrap(crlf)?.joined).toBe(`Dear Ms Weber,\r\n\r\n${JOINED_PARAGRAPH}\r\n\r\n${SIGNATURE.replace(/\n/g, '\r\n')}`);
  });

  it('says when every paragraph of several lines is wrapped (the service may then join them itself)', () => {
    expect(findHardWrap(PDF)?.allWrapped).toBe(true);
    expect(findHardWrap(`Dear Ms Weber,\n\n${WRAPPED_PARAGRAPH}\n\nTom`)?.allWrapped).toBe(true);
    expect(findHardWrap(EMAIL)?.allWrapped).toBe(false);
    expect(findHardWrap(ADDRESS)).toBeNull();
  });
});

describe('Translate screen, a wrapped paragraph and separate lines', () => {
  beforeEach(() => resetRenderer());
  afterEach(() => cleanup());

  it('sends the wrapped paragraph joined and the separate lines as they are, without nonewlines', async () => {
    const prefs = { ...DEFAULT_TRANSLATE_PREFS, perConnection: { [LOCAL_CONNECTION.id]: { sourceLang: 'EN', targetLang: 'ES' } } };
    const app = renderApp({
      'translatePrefs.get': () => prefs,
      'translatePrefs.update': () => prefs,
      'languages.pairs': () => ({ pairs: null }),
    });
    await screen.findByRole('option', { name: 'English' });
    const text = `${WRAPPED_PARAGRAPH}\n\n${PLACEHOLDERS}`;
    fireEvent.input(await screen.findByLabelText('Text to translate'), { target: { value: text } });
    const join = (await screen.findByRole('checkbox', { name: 'Join wrapped lines' })) as HTMLInputElement;
    expect(join.checked).toBe(true);
    await waitFor(() => {
      const last = app.callsOf('translate.run').at(-1);
      expect(last?.texts).toEqual([`${JOINED_PARAGRAPH}\n\n${PLACEHOLDERS}`]);
      expect(last?.options).not.toHaveProperty('splitSentences');
    });
    fireEvent.click(join);
    await waitFor(() => expect(app.callsOf('translate.run').at(-1)?.texts).toEqual([text]));
  });
});
