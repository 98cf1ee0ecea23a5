/**
 * Playwright config (test runner, Node): the `web` project drives Debian's Chromium through the web harness; the
 * `electron` project runs the same specs against the desktop app where the Electron binary exists and is skipped,
 * with the reason printed, where it does not (our CI machines cannot download it). Playwright's own browsers are
 * never downloaded. Every test starts its own harness/service on 127.0.0.1 with port 0 and a temp dir.
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './e2e/chromium.js';

// Debian's Chromium; Playwright's own browser builds cannot be downloaded here.
const chromium = {
  browserName: 'chromium' as const,
  launchOptions: CHROMIUM_LAUNCH,
};

export default defineConfig({
  testDir: 'e2e',
  testMatch: /.*\.spec\.ts$/,
  globalSetup: './e2e/global-setup.ts',
  // Two workers on two cores: a test spends most of its time waiting (typing pauses, polls, process starts), so two
  // at once use the machine instead of idling it (a subset measured 98 s → 80 s under load); the whole run had grown
  // to 20 minutes in CI with one. VERSO_E2E_WORKERS=1 runs them one at a time.
  workers: Math.max(1, Number(process.env.VERSO_E2E_WORKERS ?? 2) || 1),
  fullyParallel: false,
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    trace: 'off',
    actionTimeout: 20_000,
  },
  projects: [
    {
      name: 'web',
      use: chromium,
    },
    {
      name: 'electron',
      // The fixture in e2e/fixtures.ts launches the app with `_electron` or skips with the reason. Chromium is
      // configured too because Playwright's built-in `page` fixture is created before that decision.
      use: chromium,
    },
  ],
});
