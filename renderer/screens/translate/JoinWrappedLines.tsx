/**
 * Renderer component (Translate, issue 20 point 8): the offer to join hard-wrapped lines, shown under the panes
 * while the text looks broken at a fixed width (an e-mail, a PDF copy). Ticked, the text is sent with
 * `split_sentences=nonewlines`, so the service reads each paragraph as one piece of prose instead of one sentence
 * per line; with paragraphs of separate lines beside it (a signature, a list), the wrapped paragraphs go joined
 * instead and those lines keep their breaks (./hard-wrap.ts).
 */
import { useT } from '../../i18n/index.js';

export interface JoinWrappedLinesProps {
  checked: boolean;
  onChange: (join: boolean) => void;
  /** The user set "Split sentences" in Options themselves: that choice is sent, and said here. */
  overridden: boolean;
}

export function JoinWrappedLines({ checked, onChange, overridden }: JoinWrappedLinesProps) {
  const t = useT();
  return (
    <div className="tr-join-wrapped" role="group" aria-label={t('translate.wrap.group')}>
      <label className="check">
        <input
          type="checkbox"
          checked={checked && !overridden}
          disabled={overridden}
          aria-describedby="tr-join-wrapped-hint"
          onChange={(e) => onChange(e.target.checked)}
        />
        {t('translate.wrap.join')}
      </label>
      <span id="tr-join-wrapped-hint" className="hint">
        {overridden ? t('translate.wrap.overridden') : t('translate.wrap.hint')}
      </span>
    </div>
  );
}
