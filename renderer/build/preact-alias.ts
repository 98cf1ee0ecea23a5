/**
 * Build and test config (Node): the renderer is written against React's API and runs on Preact's compatibility layer
 * (`preact/compat`), in the built app and in the component tests alike.
 *
 * Why: the first start of a fresh profile (no HTTP cache, no V8 code cache) spent most of its time compiling
 * react-dom (~190 KB minified, most of it run by the first render), on machines where that compilation shares two
 * cores with the browser and main. `bench/renderer-size.ts`, this build against the one before on React, in the same
 * turns (four runs): usable Translate on a fresh profile 1.91×, 1.82×, 1.81×, 1.89× an empty Vite + React page where
 * the one before took 2.48×, 2.44×, 2.57×, 2.59× (goal ≤ 1.84×); initial JS 72.9 vs 130.9 KB gzipped. The renderer's
 * code still imports `react`, `react-dom/client` and `react/jsx-runtime` and is type-checked against React's types;
 * these aliases point them at Preact when Vite or Vitest resolves them, third-party packages included (react-query,
 * react-virtual, zustand, Testing Library), so one runtime runs everything. What Preact does differently and the code
 * had to say explicitly: `renderer/lib/focus-on-mount.ts` (autoFocus), `renderer/lib/effect-timing.ts` (when effects
 * run), and the README's start-up section.
 */

/** Vite's `resolve.alias` entries, most specific first (a plain `react-dom` key would also catch `react-dom/client`). */
export const preactAliases: Array<{ find: RegExp; replacement: string }> = [
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * The installed packages that import React, which Vitest must bundle (not hand to Node) for the aliases to reach them:
 * left to Node they would load React itself, and two runtimes in one tree break every hook.
 */
export const reactImporters: RegExp[] = [/@testing-library\/react/, /@tanstack\/react-/, /zustand/];
