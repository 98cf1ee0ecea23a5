/**
 * UI-language e2e helpers (Playwright, Node): the screens and how to reach them by keyboard, choosing the UI
 * language as Settings does, and finding elements whose text does not fit. Shared by the pseudo-locale spec and
 * the spec that opens every screen in every UI language.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';

export interface ScreenCase {
  id: string;
  /** Ctrl+N in the shell (language-independent navigation). */
  key: number;
  /** Renderer files whose words make up the screen (besides the shell's, which are converted). */
  files: string[];
}

export const SCREENS: ScreenCase[] = [
  {
    id: 'translate',
    key: 1,
    files: [
      'renderer/screens/TranslateScreen.tsx',
      'renderer/components/LanguageBar.tsx',
      'renderer/components/OptionsPanel.tsx',
      'renderer/components/SegmentsPane.tsx',
      'renderer/components/SinglePane.tsx',
    ],
  },
  { id: 'documents', key: 2, files: ['renderer/screens/DocumentsScreen.tsx'] },
  { id: 'glossaries', key: 3, files: ['renderer/screens/GlossariesScreen.tsx'] },
  { id: 'usage', key: 4, files: ['renderer/screens/UsageScreen.tsx'] },
  { id: 'keys', key: 5, files: ['renderer/screens/KeysScreen.tsx'] },
  { id: 'settings', key: 6, files: ['renderer/screens/SettingsScreen.tsx'] },
];

/** Chooses the UI language as Settings does (saved in main, which tells the window) and waits until it shows. */
export async function useLocale(page: Page, locale: string): Promise<void> {
  await page.evaluate(async (l) => {
    const verso = (globalThis as unknown as { verso: { settings: { update(p: object): Promise<{ ok: boolean }> } } }).verso;
    const r = await verso.settings.update({ uiLanguage: l });
    if (!r.ok) throw new Error(`settings.update refused ${l}`);
  }, locale);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

export async function openScreen(page: Page, s: ScreenCase): Promise<void> {
  await page.keyboard.press(`Control+${s.key}`);
  const h1 = page.locator('main h1').first();
  await expect(h1).toBeVisible();
  await expect(page.locator('main [role="status"] .spinner')).toHaveCount(0);
}

/** Elements whose content does not fit: cut by overflow hidden/clip or an ellipsis, or spilling out of a control. */
export async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) found.push(`the page scrolls sideways (${doc.scrollWidth} > ${doc.clientWidth})`);
    const controls = new Set(['BUTTON', 'LABEL', 'A', 'H1', 'H2', 'H3', 'P', 'LI', 'LEGEND', 'SUMMARY', 'TH', 'TD', 'SELECT']);
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      // Inputs and text areas hold the user's values and scroll them natively; their labels are checked elsewhere.
      if (el.closest('.visually-hidden, textarea, input, .skip-link')) continue;
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const cs = getComputedStyle(el);
      if (cs.display === 'inline' || el.clientWidth === 0) continue;
      const scrolls = /auto|scroll/.test(cs.overflowX);
      if (scrolls) continue;
      const cuts = /hidden|clip/.test(cs.overflowX) || cs.textOverflow === 'ellipsis';
      const over = el.scrollWidth > el.clientWidth + 1;
      const overY = /hidden|clip/.test(cs.overflowY) && el.scrollHeight > el.clientHeight + 1;
      if ((over && (cuts || controls.has(el.tagName))) || overY) {
        const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60);
        found.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} “${label}” (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight})`);
      }
    }
    return found;
  });
}

