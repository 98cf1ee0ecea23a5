/**
 * E2E helpers (Playwright, Node) for a list that flows in its screen (the Documents queue, the key list): which boxes
 * scroll, and how many of the list's rows the window shows whole once the list is scrolled to.
 */
import type { Page } from '@playwright/test';

/** The boxes that scroll: the window, the screen and the list itself (`name` in the answer); one at most is right. */
export async function scrollers(page: Page, list: { name: string; selector: string }): Promise<string[]> {
  return page.evaluate(
    ({ name, selector }) =>
      (
        [
          ['window', document.scrollingElement],
          ['screen', document.querySelector('.screen')],
          [name, document.querySelector(selector)],
        ] as const
      )
        .filter(([, box]) => box !== null && box.scrollHeight > box.clientHeight + 1)
        .map(([n]) => n),
    list,
  );
}

/** With the list (`list`) brought to the top of the window, how many of its rows (`row`) the window shows whole. */
export async function rowsInView(page: Page, list: string, row: string): Promise<number> {
  return page.evaluate(
    ({ list, row }) => {
      const box = document.querySelector<HTMLElement>(list)!;
      const screen = document.querySelector<HTMLElement>('.screen')!;
      screen.scrollBy(0, box.getBoundingClientRect().top - screen.getBoundingClientRect().top);
      const rect = box.getBoundingClientRect();
      const top = Math.max(0, rect.top) - 1;
      const bottom = Math.min(window.innerHeight, rect.bottom) + 1;
      return [...box.querySelectorAll(row)].filter((r) => {
        const b = r.getBoundingClientRect();
        return b.top >= top && b.bottom <= bottom;
      }).length;
    },
    { list, row },
  );
}
