/**
 * Renderer component (Settings): a whole-number field that saves on blur or Enter, and only a value in range;
 * out of range it says which numbers are accepted and keeps what was typed. A text field, not `type="number"`:
 * Chromium's number field empties itself on Eastern Arabic or Persian digits (٨٠٠, seen on an Arabic tour), which
 * an Arabic keyboard types; they are read as the key limits' field reads them (group separators of the UI
 * language too). The arrow keys step by one, as in a number field.
 */
import { useId, useState } from 'react';
import { useFormat, useT } from '../../i18n/index.js';
import { parseLimitText } from '../../lib/whole-number.js';
import { isEnter } from '../../lib/keys.js';

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
  const f = useFormat();
  const [draft, setDraft] = useState(String(p.value));
  const parsed = parseLimitText(draft, (v) => f.number(v));
  const n = parsed.ok ? parsed.value : parsed.reason === 'zero' ? 0 : NaN;
  const invalid = !Number.isInteger(n) || n < p.min || n > p.max;
  const commit = () => {
    if (!invalid && n !== p.value) p.onCommit(n);
  };
  const step = (by: number) => {
    const next = Math.min(p.max, Math.max(p.min, (invalid ? p.value : n) + by));
    setDraft(String(next));
  };
  return (
    <div className="field">
      <label htmlFor={uid}>{p.label}</label>
      <input
        id={uid}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className="number-setting"
        value={draft}
        disabled={p.disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${uid}-err` : undefined}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (isEnter(e)) commit();
          else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
            e.preventDefault();
            step(e.key === 'ArrowUp' ? 1 : -1);
          }
        }}
      />
      {invalid && (
        <p id={`${uid}-err`} className="error-text">
          {t('settings.number.invalid', { min: p.min, max: p.max })}
        </p>
      )}
    </div>
  );
}
