/**
 * What an installer would ship (build time and tests, plain Node): reads build/electron-builder.yml and walks the
 * checkout with electron-builder's own file matcher (app-builder-lib's FileMatcher, the code `files` patterns go
 * through when packaging), so the configuration test and the installer benchmark see the same set the packager
 * would copy into app.asar, without the Electron binary.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const CONFIG_PATH = join(ROOT, 'build', 'electron-builder.yml');

export function loadBuilderConfig(path = CONFIG_PATH) {
  // js-yaml is what electron-builder itself parses its configuration with.
  const yaml = require(require.resolve('js-yaml', { paths: [dirname(require.resolve('app-builder-lib/package.json'))] }));
  return yaml.load(readFileSync(path, 'utf8'));
}

/** Every file under `root` the `files` patterns select, with its size; directories the patterns exclude are not entered. */
export function shippedFiles(config = loadBuilderConfig(), root = ROOT) {
  const { FileMatcher } = require('app-builder-lib/out/fileMatcher.js');
  const filter = new FileMatcher(root, '/', (s) => s, config.files).createFilter();
  const out = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      if (dir === root && (name === '.git' || name === 'release')) continue;
      const full = join(dir, name);
      const st = statSync(full);
      // electron-builder hands node_modules files over with their path relative to the app.
      const stat = Object.assign(st, { moduleFullFilePath: relative(root, full).split(sep).join('/') });
      // The top-level node_modules folder itself is special-cased by the filter (it collects modules separately).
      if (relative(root, full) !== 'node_modules' && !filter(full, stat)) continue;
      if (st.isDirectory()) walk(full);
      else out.push({ path: relative(root, full).split(sep).join('/'), size: st.size });
    }
  };
  walk(root);
  return out;
}
