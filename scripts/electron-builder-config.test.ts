/**
 * The packaging configuration (test code, plain Node): build/electron-builder.yml passes the validation
 * electron-builder runs before packaging (app-builder-lib's scheme.json, through its own validator), names only
 * files that exist, targets what the release needs, and ships only the build output plus the native module; the
 * afterPack hook sets the fuses. Runs without the Electron binary.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, loadBuilderConfig, shippedFiles } from './shipped-files.mjs';

const require = createRequire(import.meta.url);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the configuration is free-form YAML checked by the schema
type Config = Record<string, any>;
const config = loadBuilderConfig() as Config;

async function validate(c: Config): Promise<void> {
  // The exact function electron-builder calls on its configuration (schema: app-builder-lib/scheme.json).
  const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
    validateConfiguration: (c: Config, logger: unknown) => Promise<void>;
  };
  const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
  await validateConfiguration(structuredClone(c), new DebugLogger(false));
}

const targetsOf = (platform: Config): { target: string; arch: string[] }[] =>
  (platform.target as (string | { target: string; arch?: string[] })[]).map((t) => (typeof t === 'string' ? { target: t, arch: [] } : { target: t.target, arch: t.arch ?? [] }));

describe('build/electron-builder.yml', () => {
  it('passes electron-builder’s schema validation (app-builder-lib scheme.json)', async () => {
    expect(existsSync(require.resolve('app-builder-lib/scheme.json'))).toBe(true);
    await expect(validate(config)).resolves.toBeUndefined();
  });

  it('the validation rejects a broken configuration, so the check above can fail', async () => {
    await expect(validate({ ...config, nsis: { ...config.nsis, perMachine: 'yes' } })).rejects.toThrow(/perMachine/);
    await expect(validate({ ...config, notAnOption: true })).rejects.toThrow(/notAnOption/);
  });

  it('names only files that exist', () => {
    const named = [
      config.directories.buildResources,
      config.afterPack,
      config.mac.icon,
      config.mac.entitlements,
      config.mac.entitlementsInherit,
      config.win.icon,
      config.linux.icon,
    ];
    for (const f of named) expect(existsSync(join(ROOT, f)), `${f} is named in electron-builder.yml`).toBe(true);
    // Literal (non-glob) paths of `files`, including the native module's pieces.
    for (const p of (config.files as string[]).filter((f) => !f.startsWith('!') && !/[*?{[]/.test(f))) {
      expect(existsSync(join(ROOT, p)), `${p} is named in files`).toBe(true);
    }
    // The entry electron-builder will start.
    expect(config.extraMetadata.main).toBe('out/main/index.js');
    const plist = readFileSync(join(ROOT, config.mac.entitlements), 'utf8');
    expect(plist).toContain('com.apple.security.cs.allow-jit');
  });

  it('targets Windows nsis, macOS dmg+zip and Linux AppImage+deb on x64 and arm64, per-user on Windows', () => {
    expect(targetsOf(config.win)).toEqual([{ target: 'nsis', arch: ['x64', 'arm64'] }]);
    expect(targetsOf(config.mac)).toEqual([
      { target: 'dmg', arch: ['x64', 'arm64'] },
      { target: 'zip', arch: ['x64', 'arm64'] },
    ]);
    expect(targetsOf(config.linux).map((t) => t.target)).toEqual(['AppImage', 'deb']);
    expect(config.nsis).toMatchObject({ perMachine: false, allowElevation: false });
    expect(config.mac.hardenedRuntime).toBe(true);
    // Notarization and signing are driven by the environment: never forced on or off here.
    expect(config.mac.notarize).toBeUndefined();
    expect(config.deb.recommends).toEqual(expect.arrayContaining(['apertium', 'apertium-eng-spa']));
  });

  it('recommends in the deb every Apertium package scripts/setup installs', () => {
    const setup = readFileSync(join(ROOT, 'scripts', 'setup'), 'utf8');
    const apertium = [...setup.matchAll(/\b(apertium(?:-[a-z]+)+|transfuse)\b/g)].map((m) => m[1]!).filter((p) => p !== 'apertium-apy');
    expect(apertium.length).toBeGreaterThan(5);
    for (const p of apertium) expect(config.deb.recommends, p).toContain(p);
  });

  it('keeps the native module outside the asar', () => {
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toEqual(expect.arrayContaining(['node_modules/better-sqlite3/**', 'out/service/**']));
  });

  const unbuilt = ['out/service/cli.js', 'out/main/index.js', 'out/renderer/index.html'].filter((f) => !existsSync(join(ROOT, f)));
  if (unbuilt.length) console.warn(`[electron-builder-config] shipped-files test skipped: ${unbuilt.join(', ')} not built (run \`npm run build\` first).`);
  it.skipIf(unbuilt.length > 0)(
    'ships the build output and, from node_modules, only the native module and the PDF WebAssembly (skipped until `npm run build` ran)',
    () => {
      const files = shippedFiles(config as never).map((f) => f.path);
      for (const f of ['package.json', 'out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html', 'out/service/cli.js', 'out/service/worker.js', 'node_modules/better-sqlite3/build/Release/better_sqlite3.node', 'node_modules/bindings/bindings.js']) {
        expect(files, f).toContain(f);
      }
      expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
      const packages = new Set(files.filter((f) => f.startsWith('node_modules/')).map((f) => f.split('/').slice(1, f.split('/')[1]!.startsWith('@') ? 3 : 2).join('/')));
      expect([...packages].sort()).toEqual(['@embedpdf/pdfium', 'better-sqlite3', 'bindings', 'file-uri-to-path', 'harfbuzzjs']);
      // The service bundle's run-time packages are all shipped.
      for (const external of ['better-sqlite3', 'harfbuzzjs']) expect(packages.has(external), external).toBe(true);
      expect(files.some((f) => f.startsWith('out/.'))).toBe(false);
    },
  );
});

describe('build/after-pack.cjs (fuses)', () => {
  const hook = require(join(ROOT, 'build', 'after-pack.cjs')) as { FUSES: Record<number, boolean>; binaryPath: (c: unknown) => string };
  const { FuseV1Options } = require('@electron/fuses') as { FuseV1Options: Record<string, number> };

  it('switches RunAsNode, NODE_OPTIONS and --inspect off; cookie encryption, asar integrity and asar-only on', () => {
    expect(hook.FUSES).toEqual({
      [FuseV1Options.RunAsNode!]: false,
      [FuseV1Options.EnableCookieEncryption!]: true,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable!]: false,
      [FuseV1Options.EnableNodeCliInspectArguments!]: false,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation!]: true,
      [FuseV1Options.OnlyLoadAppFromAsar!]: true,
      [FuseV1Options.GrantFileProtocolExtraPrivileges!]: false,
    });
  });

  it('finds the packed binary on each platform', () => {
    const ctx = (platform: string) => ({ electronPlatformName: platform, appOutDir: '/o', packager: { appInfo: { productFilename: 'Verso' }, executableName: 'verso' } });
    expect(hook.binaryPath(ctx('darwin'))).toBe(join('/o', 'Verso.app'));
    expect(hook.binaryPath(ctx('win32'))).toBe(join('/o', 'Verso.exe'));
    expect(hook.binaryPath(ctx('linux'))).toBe(join('/o', 'verso'));
  });
});
