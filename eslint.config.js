// Lint rules, including the process boundaries of design.md enforced mechanically (no-restricted-imports).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const noElectron = { name: 'electron', message: 'Only electron/main/adapters and the composition root import electron.' };

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', 'coverage/', 'test-results/', 'playwright-report/', '.data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-control-regex': 'off',
      'no-misleading-character-class': 'off',
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron, { name: 'react', message: 'shared/ is pure TypeScript.' }],
          patterns: [{ group: ['node:*', '../electron/*', '../renderer/*', '../service/*'], message: 'shared/ imports nothing environment-specific.' }],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [{ group: ['node:*', '**/electron/**', '**/service/**', '**/web/**'], message: 'The renderer talks to main only through renderer/lib/api.ts.' }],
        },
      ],
    },
  },
  {
    files: ['electron/main/services/**/*.ts', 'service/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron] }] },
  },
);
