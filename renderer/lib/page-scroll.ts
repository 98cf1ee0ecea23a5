/**
 * Renderer: a virtualized list that flows in its screen, so the screen scrolls as one page with one scrollbar
 * instead of a short scroll box inside a scrolling page (seen at 900×700 on the Documents queue and the key list:
 * a few rows in view, two scrollbars). The virtualizer (@tanstack/react-virtual) then watches the screen's scroll
 * and must know where the list's rows start in it (its `scrollMargin`). That moves whenever what is above the list
 * changes height (a batch of files, a panel, an alert, a toolbar that wraps), so it is measured whenever a part of
 * the screen resizes, appears or goes. Without a `.screen` around the list the scroll element is null, and the list
 * shows its first rows as it does without layout.
 */
import { observeElementRect, useVirtualizer, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type RefObject, useEffect, useState } from 'react';

export function usePageScroll(rows: RefObject<HTMLElement | null>): {
  getScrollElement: () => HTMLElement | null;
  scrollMargin: number;
} {
  const [scrollMargin, setScrollMargin] = useState(0);
  useEffect(() => {
    const el = rows.current;
    const screen = el?.closest<HTMLElement>('.screen');
    if (!el || !screen || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const top = el.getBoundingClientRect().top - screen.getBoundingClientRect().top - screen.clientTop + screen.scrollTop;
      setScrollMargin((cur) => (Math.abs(cur - top) < 0.5 ? cur : top));
    };
    // Every part of the screen, those that appear later too (a batch, a panel, an alert): observing one reports its
    // size at once, so the first measure comes from here as well.
    const resized = new ResizeObserver(measure);
    const watch = () => {
      resized.disconnect();
      for (const part of screen.children) resized.observe(part);
    };
    const changed = new MutationObserver(watch);
    changed.observe(screen, { childList: true });
    watch();
    return () => {
      changed.disconnect();
      resized.disconnect();
    };
  }, [rows]);
  return { getScrollElement: () => rows.current?.closest<HTMLElement>('.screen') ?? null, scrollMargin };
}

/**
 * The list's own End key (on the focused list, not inside a row): to its last row. The browser's End stops short, as
 * rows drawn near the end measure taller than estimated; the virtualizer scrolls again until they are in.
 */
export function endGoesToLast(virtualizer: { scrollToEnd: () => void }, count: number): (e: KeyboardEvent) => void {
  return (e) => {
    if (e.key !== 'End' || e.target !== e.currentTarget || count === 0) return;
    e.preventDefault();
    virtualizer.scrollToEnd();
  };
}

/**
 * The view of a virtualizer whose rows flow in the screen (usePageScroll): a screen not laid out yet (or a DOM
 * without layout) measures 0 high, so 480 px are assumed and rows still render.
 */
const SCREEN_VIEW = {
  initialRect: { width: 900, height: 480 },
  observeElementRect: <T extends Element>(instance: Virtualizer<T, Element>, cb: (r: Rect) => void) =>
    observeElementRect(instance, (r) => cb(r.height > 0 ? r : { width: r.width || 900, height: 480 })),
};

/**
 * A virtualizer for `count` rows drawn in `rows` that flow in the screen (the key list, the change log): the screen is
 * its scroll element, where the rows start in it is its scroll margin (usePageScroll), each row is first guessed
 * `estimate` px high and measured once drawn, ten rows are drawn beyond the view. `getItemKey` must be stable.
 */
export function usePageVirtualizer(
  rows: RefObject<HTMLElement | null>,
  o: { count: number; estimate: number; getItemKey: (index: number) => string | number },
): { virtualizer: Virtualizer<HTMLElement, Element>; scrollMargin: number } {
  const { getScrollElement, scrollMargin } = usePageScroll(rows);
  const virtualizer = useVirtualizer({
    count: o.count,
    getScrollElement,
    scrollMargin,
    estimateSize: () => o.estimate,
    getItemKey: o.getItemKey,
    overscan: 10,
    ...SCREEN_VIEW,
  });
  return { virtualizer, scrollMargin };
}
