/** Renderer hook: turns a rule's message (`Msg`: catalog id, values, a language code) into words in the UI language. */
import { useCallback } from 'react';
import { useFormat, useT } from '../../i18n/index.js';
import type { Msg } from '../../lib/translate-rules.js';

export function useMsg(): (m: Msg) => string {
  const t = useT();
  const f = useFormat();
  return useCallback(
    (m: Msg) =>
      t(m.id, {
        ...m.values,
        // Rules' messages name languages inside their sentences ("El español no distingue…"): the in-text form.
        ...(m.lang !== undefined && { language: f.languageNameInText(m.lang) }),
        ...Object.fromEntries(Object.entries(m.langs ?? {}).map(([k, code]) => [k, f.languageNameInText(code)])),
      }),
    [t, f],
  );
}
