/**
 * Renderer component: a segmented control that behaves as an ARIA radio group — one tab stop (the checked
 * option), arrow keys move and select, Home/End jump to the ends.
 */
import { useRef, type KeyboardEvent } from 'react';

export interface SegmentedRadioProps<T extends string> {
  label?: string;
  labelledBy?: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}

export function SegmentedRadio<T extends string>({
  label,
  labelledBy,
  value,
  options,
  onChange,
}: SegmentedRadioProps<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    options.findIndex((o) => o.value === value),
  );
  const move = (to: number) => {
    const n = (to + options.length) % options.length;
    const next = options[n];
    if (!next) return;
    onChange(next.value);
    refs.current[n]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const keys: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: options.length - 1,
    };
    const to = keys[e.key];
    if (to === undefined) return;
    e.preventDefault();
    move(to);
  };
  return (
    <div
      className="segmented"
      role="radiogroup"
      aria-label={label}
      aria-labelledby={labelledBy}
      onKeyDown={onKeyDown}
    >
      {options.map((o, i) => (
        <button
          key={o.value}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="radio"
          aria-checked={o.value === value}
          tabIndex={i === index ? 0 : -1}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
