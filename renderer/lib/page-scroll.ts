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
import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';

export function usePageScroll(rows: RefObject<HTMLElement | null>): {
  getScrollElement: () => HTMLElement | null;
  scrollMargin: number;
} {
  const [scrollMargin, setScrollMargin] = useState(0);
  // The rows' element may come after the first render (the change log's table once the log has loaded), or be
  // replaced: it is looked at after every render and watched from the render that draws it. Watched from the first
  // render only, the margin stayed 0 and the rows drawn were those of another place in the list (a 300-entry log
  // showed blank rows in view once scrolled to its middle).
  const watching = useRef<{ el: HTMLElement; stop: () => void } | null>(null);
  // After every render on purpose (a ref's element has no dependency to name); it sets no state itself, only the
  // observers' callbacks do, and only when the margin moved.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => {
    const el = rows.current;
    if ((watching.current?.el ?? null) === el) return;
    watching.current?.stop();
    watching.current = el ? { el, stop: watchMargin(el, setScrollMargin) } : null;
  });
  useEffect(
    () => () => {
      watching.current?.stop();
      watching.current = null;
    },
    [],
  );
  return { getScrollElement: () => rows.current?.closest<HTMLElement>('.screen') ?? null, scrollMargin };
}

/** A window coordinate (a box's top or bottom) as an offset in the screen's scrolled content. */
function inScreen(y: number, screen: HTMLElement): number {
  return y - screen.getBoundingClientRect().top - screen.clientTop + screen.scrollTop;
}

/** Measures where `el` starts in its screen whenever a part of the screen resizes, appears or goes; returns a stop. */
function watchMargin(el: HTMLElement, setScrollMargin: (update: (cur: number) => number) => void): () => void {
  const screen = el.closest<HTMLElement>('.screen');
  if (!screen || typeof ResizeObserver === 'undefined') return () => {};
  const measure = () => {
    const top = inScreen(el.getBoundingClientRect().top, screen);
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
}

/**
 * The list's own End key (on the focused list, not inside a row): to its last row, whole in view. The browser's End
 * stops short, as rows drawn near the end measure taller than estimated, and the virtualizer's own `scrollToEnd` goes
 * to the end of the screen, which is not the list's when more follows it (the Keys screen's change log: the last key
 * went out of view). So the screen is scrolled until the last row's bottom sits at the view's bottom, less the
 * screen's `scroll-padding-block-end` (what is sticky there, as the Keys bulk bar), again on the next frames while
 * rows drawn near the end are measured.
 */
export function endGoesToLast(
  virtualizer: Pick<Virtualizer<HTMLElement, Element>, 'scrollElement' | 'getTotalSize' | 'options'>,
  count: number,
): (e: KeyboardEvent) => void {
  return (e) => {
    if (e.key !== 'End' || e.target !== e.currentTarget || count === 0) return;
    e.preventDefault();
    const list = e.currentTarget as HTMLElement;
    // Until the place has held for eight frames (rows drawn near the end measured), at most a second.
    let frames = 0;
    let held = 0;
    const step = () => {
      const screen = virtualizer.scrollElement;
      if (!screen) return;
      const sticky = parseFloat(getComputedStyle(screen).scrollPaddingBlockEnd) || 0;
      // Where the list ends in the screen: its last row where it is drawn, else where its rows start and all of them
      // (those measured, the rest guessed). Rounded up: a row cut by a fraction of a pixel is not whole in view.
      const row = list.querySelector(`[data-index="${count - 1}"]`);
      const end = row
        ? inScreen(row.getBoundingClientRect().bottom, screen)
        : virtualizer.options.scrollMargin + virtualizer.getTotalSize();
      const top = Math.max(0, Math.min(Math.ceil(end + sticky - screen.clientHeight), screen.scrollHeight - screen.clientHeight));
      if (Math.abs(screen.scrollTop - top) < 1) held += 1;
      else {
        held = 0;
        screen.scrollTop = top;
      }
      if (held < 8 && ++frames < 60) requestAnimationFrame(step);
    };
    step();
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
