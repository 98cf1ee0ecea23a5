/**
 * Unit tests (issue 20, point 8): hard-wrapped text (an e-mail, a PDF copy) is told apart from text whose line
 * breaks mean something (lists, poems, addresses, one sentence per line).
 */
import { describe, expect, it } from 'vitest';
import { looksHardWrapped } from './hard-wrap.js';

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
});
