/**
 * Renderer component (Translate → Options): this draft's choice for placeholders and code — as Settings → Translate
 * says (and which way that is), kept, or translated like other text. Sent as `protect` (main wraps the spans).
 */
import { useId } from 'react';
import type { DraftOptions } from '../../state/translate-store.js';
import { useT } from '../../i18n/index.js';
import { useTranslatePrefs } from '../../lib/queries.js';

export function ProtectOption({ value, onChange }: { value: DraftOptions['protect']; onChange: (v: DraftOptions['protect']) => void }) {
  const t = useT();
  const id = useId();
  const byDefault = useTranslatePrefs().data?.protectSpans ?? true;
  return (
    <div className="field">
      <label htmlFor={id}>{t('translate.protect.option')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as DraftOptions['protect'])}>
        <option value="">{byDefault ? t('translate.protect.optionDefaultOn') : t('translate.protect.optionDefaultOff')}</option>
        <option value="on">{t('translate.protect.optionOn')}</option>
        <option value="off">{t('translate.protect.optionOff')}</option>
      </select>
    </div>
  );
}
