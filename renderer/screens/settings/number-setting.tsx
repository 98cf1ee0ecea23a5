/**
 * Renderer component (Settings): a whole-number field that saves on blur or Enter, and only a value in range;
 * out of range it says which numbers are accepted and keeps what was typed.
 */
import { useId, useState } from 'react';
import { useT } from '../../i18n/index.js';

export function NumberSetting(p: {
  label: string;
  value: number;
  min: number;
  max: number;
  disabled?: boolean;
  onCommit: (v: number) => void;
}) {
  const uid = useId();
  const t = useT();
  const [draft, setDraft] = useState(String(p.value));
  const n = Number(draft);
  const invalid = !Number.isInteger(n) || n < p.min || n > p.max;
  const commit = () => {
    if (!invalid && n !== p.value) p.onCommit(n);
  };
  return (
    <div className="field">
      <label htmlFor={uid}>{p.label}</label>
      <input
        id={uid}
        type="number"
        className="number-setting"
        min={p.min}
        max={p.max}
        value={draft}
        disabled={p.disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${uid}-err` : undefined}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
      {invalid && (
        <p id={`${uid}-err`} className="error-text">
          {t('settings.number.invalid', { min: p.min, max: p.max })}
        </p>
      )}
    </div>
  );
}
