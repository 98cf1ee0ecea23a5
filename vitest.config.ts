import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { preactAliases, reactImporters } from './renderer/build/preact-alias.js';

export default defineConfig({
  // The component tests run the renderer on the same runtime as the built app: React's API on Preact's compat layer.
  // Testing Library's ES module build (its CommonJS one would load react-dom through Node's require, past the aliases).
  resolve: {
    alias: [
      { find: '@shared', replacement: fileURLToPath(new URL('./shared', import.meta.url)) },
      {
        find: /^@testing-library\/react$/,
        replacement: fileURLToPath(new URL('./node_modules/@testing-library/react/dist/@testing-library/react.esm.js', import.meta.url)),
      },
      ...preactAliases,
    ],
  },
  test: {
    include: [
      'shared/**/*.test.ts',
      'service/**/*.test.ts',
      'electron/**/*.test.ts',
      'web/**/*.test.ts',
      'renderer/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two test files at once on two cores (Vitest's default is one fewer than the cores: one on CI's two). Most files
    // wait on child processes, sockets and the disk, so the second worker uses time the first leaves idle: the whole
    // suite took 6.9 min with two where it took 17 with one on the same busy machine (CI's run had grown to ~10 of
    // its 30 minutes). VERSO_VITEST_WORKERS=1 runs them one at a time.
    maxWorkers: Math.max(1, Number(process.env.VERSO_VITEST_WORKERS ?? 2) || 1),
    server: { deps: { inline: reactImporters } },
    setupFiles: ['renderer/test-utils/react-settle.ts', 'renderer/test-utils/happy-dom-events.ts', 'renderer/test-utils/i18n-setup.ts'],
  },
});
