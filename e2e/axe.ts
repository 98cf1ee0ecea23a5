/**
 * Accessibility check for e2e specs (Playwright, Node): runs axe-core on the current page in light and dark
 * (through the colour-scheme media feature, which the app's `system` theme follows) and fails on any serious or
 * critical violation, listing each rule and the elements it found.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function expectAccessible(page: Page, label: string, include?: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // Let the theme's colours apply (one frame) before axe reads computed styles.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    // Legacy mode: axe runs in the page itself. The default runs it in every frame and then opens a blank page to put
    // the frames' results together (axe injected twice): half of each check's time, 27 % of the e2e suite's, for a
    // page that has no frames — the same rules and the same results.
    let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode();
    if (include) builder = builder.include(include);
    const result = await builder.analyze();
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
    expect(report, `${label} in ${scheme} mode`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: null });
}
