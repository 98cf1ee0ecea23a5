/**
 * e2e (web harness): a screen's keyboard shortcuts work from the moment it shows. The shell adds them in an effect;
 * the renderer's runtime (Preact's compat layer) ran effects after the next frame, so Ctrl+6 pressed as the Translate
 * screen appeared went nowhere (an e2e run on a busy machine). renderer/lib/effect-timing.ts runs them right after
 * their render, as React did for a click. Here the key is sent by the page itself, in the first task after the
 * Translate heading is put in the page: sooner than any person, and before the next frame.
 */
import { expect, test } from './fixtures.js';

test('the screen keys work as soon as the first screen shows (Ctrl+6 right after first run)', async ({
  verso: { page },
}) => {
  await expect(page.getByRole('heading', { name: 'Welcome to Verso' })).toBeVisible();
  const went = page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          const heading = [...document.querySelectorAll('h1')].find((h) => h.textContent === 'Translate');
          if (!heading) return;
          observer.disconnect();
          setTimeout(() => {
            window.dispatchEvent(
              new KeyboardEvent('keydown', { key: '6', code: 'Digit6', ctrlKey: true, bubbles: true }),
            );
            resolve();
          }, 0);
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      }),
  );
  await page.getByRole('button', { name: 'Start translating with the local engine' }).click();
  await went;
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
});
