/**
 * Renderer component: the honest empty state of a screen a later version fills in. It says what the screen will
 * do and what to use meanwhile; it never shows sample data.
 */
import type { ReactNode } from 'react';

export function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="empty-state" aria-labelledby="empty-title">
      <h2 id="empty-title">{title}</h2>
      {children}
    </section>
  );
}
