/**
 * Renderer, pure logic of the Translate screen (issue 20, point 5): the target used when the text already is in the
 * chosen target language and no second language is set. Sending it unchanged would only bring the same text back
 * (and, on a hosted connection, bill it); instead Verso translates into the last other target the user used, else
 * the first target the connection reaches from the text's language, and says which in one line.
 */
import type { LanguagePairView, LanguageView } from '../../../shared/ipc/contract.js';
import { reachable, sameBase, targetFor } from './language-logic.js';

export interface OtherTarget {
  target: string;
  /** `last`: a target the user used before; `first`: the first target the connection offers from that language. */
  why: 'last' | 'first';
}

/**
 * @param textLanguage the text's language (detected, or the chosen source)
 * @param chosen the target chosen in the To list
 * @param recent targets the user used before, most relevant first (this connection's, then others')
 */
export function otherTarget(
  textLanguage: string | null,
  chosen: string,
  recent: readonly string[],
  targets: readonly LanguageView[] | undefined,
  pairs: readonly LanguagePairView[] | null | undefined,
  /** The To list's order (names in the UI language): "first" is the first the user sees there. */
  order?: (list: LanguageView[]) => readonly LanguageView[],
): OtherTarget | null {
  if (!textLanguage || !chosen || !targets || !sameBase(textLanguage, chosen)) return null;
  const usable = (code: string) => !sameBase(code, textLanguage) && reachable(pairs, textLanguage, code);
  for (const code of recent) {
    const listed = targetFor(code, targets);
    if (listed && usable(listed)) return { target: listed, why: 'last' };
  }
  // The first in the To list as shown, not in the service's code order: that made Arabic the target of every
  // Portuguese text for a Brazilian admin (the list shows "Alemão" first). Sorted only here, when it is needed.
  const candidates = targets.filter((t) => usable(t.code));
  const first = (order ? order(candidates) : candidates)[0];
  return first ? { target: first.code, why: 'first' } : null;
}
