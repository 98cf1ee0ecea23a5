/**
 * Renderer component: the honest empty state of a screen a later version fills in. It says what the screen will
 * do and what to use meanwhile; it never shows sample data.
 */
import { useId, type ReactNode } from 'react';

export function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  // A generated id: two empty states on one screen must not share the heading that labels them.
  const id = useId();
  return (
    <section className="empty-state" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
