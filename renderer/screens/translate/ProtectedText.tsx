/**
 * Renderer components (Translate screen): protected spans shown subtly in the source. `ProtectedText` marks the
 * spans of a text inline (a Segments row); `ProtectedSource` lays the same marks behind the source box (the box's
 * own text stays on top and editable; the layer below scrolls with it) and says under it how many spans are kept
 * and, on a connection that bills, how many characters the marks add to what the service counts.
 */
import { Fragment, useRef, type ReactNode } from 'react';
import type { KeptSpan } from '../../../shared/protect/wrap.js';
import { useT } from '../../i18n/index.js';
import { ownDirection } from '../../lib/text-direction.js';

export function ProtectedText({ text, spans }: { text: string; spans: readonly KeptSpan[] }) {
  if (spans.length === 0) return <>{text}</>;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const s of spans) {
    if (s.start > at) parts.push(<Fragment key={`t${at}`}>{text.slice(at, s.start)}</Fragment>);
    parts.push(
      <mark key={`m${s.start}`} className="tr-kept" data-kind={s.kind}>
        {text.slice(s.start, s.end)}
      </mark>,
    );
    at = s.end;
  }
  if (at < text.length) parts.push(<Fragment key={`t${at}`}>{text.slice(at)}</Fragment>);
  return <>{parts}</>;
}

export interface ProtectedSourceProps {
  text: string;
  spans: readonly KeptSpan[];
  /** Characters the marks add to what is sent (shown on billing connections). */
  extra: number;
  billed: boolean;
  /** The source box itself. */
  children: ReactNode;
}

export function ProtectedSource({ text, spans, extra, billed, children }: ProtectedSourceProps) {
  const t = useT();
  const layer = useRef<HTMLDivElement>(null);
  // The text the spans were found in may trail the box by a frame (deferred); marks only for a matching text.
  const current = spans.length > 0 && spans[spans.length - 1]!.end <= text.length;
  return (
    <>
      <div
        className="tr-source-box"
        onScrollCapture={(e) => {
          if (layer.current) layer.current.scrollTop = (e.target as HTMLElement).scrollTop;
        }}
      >
        <div
          ref={layer}
          className="tr-kept-layer"
          aria-hidden="true"
          data-testid="kept-layer"
          dir={ownDirection(text)}
        >
          {current ? <ProtectedText text={text} spans={spans} /> : text}
          {'\n'}
        </div>
        {children}
      </div>
      {spans.length > 0 && (
        <p className="hint tr-kept-hint" data-testid="kept-hint">
          {t('translate.protect.kept', { count: spans.length })}
          {billed && extra > 0 && <> · {t('translate.protect.extra', { count: extra })}</>}
        </p>
      )}
    </>
  );
}
