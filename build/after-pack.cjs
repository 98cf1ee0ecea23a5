/**
 * electron-builder afterPack hook (build time, Node): flips Verso's Electron fuses in the packaged binary with
 * @electron/fuses, before electron-builder signs it (flipping changes the binary, so it must come first).
 *
 * - RunAsNode off: the binary cannot be used as a plain Node (ELECTRON_RUN_AS_NODE); the local service runs in a
 *   utilityProcess instead.
 * - NODE_OPTIONS and --inspect off: no code injection through the environment or a debugger port.
 * - Cookie encryption on; asar integrity validation and only-load-from-asar on: a tampered app.asar or a loose
 *   app folder next to it is refused.
 * - file:// gets no extra privileges (the renderer is served from app://).
 *
 * CommonJS (.cjs) because electron-builder loads hooks with require.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS hook (see above) */
const { join } = require('node:path');
const { flipFuses, FuseVersion, FuseV1Options } = require('@electron/fuses');

/** The fuse settings, exported for the configuration test. */
const FUSES = {
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableCookieEncryption]: true,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
};

/** Path of the Electron binary (or .app bundle) electron-builder just packed. */
function binaryPath(context) {
  const name = context.packager.appInfo.productFilename;
  switch (context.electronPlatformName) {
    case 'darwin':
    case 'mas':
      return join(context.appOutDir, `${name}.app`);
    case 'win32':
      return join(context.appOutDir, `${name}.exe`);
    default:
      return join(context.appOutDir, context.packager.executableName);
  }
}

async function afterPack(context) {
  const file = binaryPath(context);
  // arm64 macOS binaries must carry a valid (ad-hoc) signature to run at all; flipping breaks it, so reset it.
  const darwinArm = (context.electronPlatformName === 'darwin' || context.electronPlatformName === 'mas') && context.arch === 3;
  await flipFuses(file, { version: FuseVersion.V1, resetAdHocDarwinSignature: darwinArm, ...FUSES });
  console.log(`  • Verso: Electron fuses set on ${file}`);
}

module.exports = afterPack;
module.exports.default = afterPack;
module.exports.FUSES = FUSES;
module.exports.binaryPath = binaryPath;
