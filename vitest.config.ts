import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: { alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) } },
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
    setupFiles: ['renderer/test-utils/react-settle.ts', 'renderer/test-utils/i18n-setup.ts'],
  },
});
