/**
 * Development and test overrides of the Electron main process (plain Node, no `electron` import): turns the
 * environment the composition root hands over into checked configuration. Only `index.ts` calls it, with
 * `process.env`; nothing else in the app reads the environment.
 *
 * The overrides aim the app at other services (a test's local service instead of the hosted one), so a packaged
 * build ignores them unless it is explicitly run under test (`VERSO_TEST=1`, set by the e2e fixtures).
 */
import { isAbsolute } from 'node:path';

export interface EnvConfig {
  /** True when the overrides below are honoured. */
  overridesAllowed: boolean;
  /** `VERSO_USER_DATA`: the user-data folder (settings, keys, local service data), so runs can be isolated. */
  userDataDir?: string;
  /** `ELECTRON_RENDERER_URL`: electron-vite's dev server. */
  rendererUrl?: string;
  /** `VERSO_HOSTED_PRO_URL` / `VERSO_HOSTED_FREE_URL`: where "hosted" connections go. */
  hosted: { pro?: string; free?: string };
  /** `VERSO_LOCAL_ENGINES`: engines of the local service, e.g. `pseudo` or `apertium,pseudo`. */
  localEngines?: string[];
  /** `VERSO_LOCAL_FAULTS=1`: fault injection in the local service. */
  localFaults: boolean;
  /** Values that were set but refused, each saying what to do; the composition root prints them. */
  warnings: string[];
}

type Env = Readonly<Record<string, string | undefined>>;

const TRUE_VALUES = new Set(['1', 'true', 'yes']);

function httpUrl(name: string, value: string, warnings: string[]): string | undefined {
  try {
    const u = new URL(value);
    if (u.protocol === 'http:' || u.protocol === 'https:') return value.replace(/\/+$/, '');
  } catch {
    // Reported below.
  }
  warnings.push(`${name}="${value}" is ignored: use a full http:// or https:// address such as http://127.0.0.1:8080.`);
  return undefined;
}

export function readEnvConfig(env: Env, packaged: boolean): EnvConfig {
  const warnings: string[] = [];
  const overridesAllowed = !packaged || TRUE_VALUES.has((env.VERSO_TEST ?? '').toLowerCase());
  const cfg: EnvConfig = { overridesAllowed, hosted: {}, localFaults: false, warnings };
  const set = (k: string) => env[k] !== undefined && env[k] !== '';
  const names = ['VERSO_USER_DATA', 'ELECTRON_RENDERER_URL', 'VERSO_HOSTED_PRO_URL', 'VERSO_HOSTED_FREE_URL', 'VERSO_LOCAL_ENGINES', 'VERSO_LOCAL_FAULTS'];
  if (!overridesAllowed) {
    const ignored = names.filter(set);
    if (ignored.length) warnings.push(`${ignored.join(', ')} ignored: a packaged Verso honours them only under test (VERSO_TEST=1).`);
    return cfg;
  }

  const userData = env.VERSO_USER_DATA;
  if (set('VERSO_USER_DATA')) {
    if (isAbsolute(userData!)) cfg.userDataDir = userData!;
    else warnings.push(`VERSO_USER_DATA="${userData}" is ignored: give an absolute folder path.`);
  }
  if (set('ELECTRON_RENDERER_URL')) {
    const u = httpUrl('ELECTRON_RENDERER_URL', env.ELECTRON_RENDERER_URL!, warnings);
    if (u) cfg.rendererUrl = u;
  }
  if (set('VERSO_HOSTED_PRO_URL')) {
    const u = httpUrl('VERSO_HOSTED_PRO_URL', env.VERSO_HOSTED_PRO_URL!, warnings);
    if (u) cfg.hosted.pro = u;
  }
  if (set('VERSO_HOSTED_FREE_URL')) {
    const u = httpUrl('VERSO_HOSTED_FREE_URL', env.VERSO_HOSTED_FREE_URL!, warnings);
    if (u) cfg.hosted.free = u;
  }
  if (set('VERSO_LOCAL_ENGINES')) {
    const list = env.VERSO_LOCAL_ENGINES!.split(',').map((s) => s.trim()).filter(Boolean);
    if (list.length > 0 && list.every((e) => /^[a-z][a-z0-9-]{0,31}$/.test(e))) cfg.localEngines = list;
    else warnings.push(`VERSO_LOCAL_ENGINES="${env.VERSO_LOCAL_ENGINES}" is ignored: list engine names separated by commas, such as apertium,pseudo.`);
  }
  if (set('VERSO_LOCAL_FAULTS')) {
    const v = env.VERSO_LOCAL_FAULTS!.toLowerCase();
    if (TRUE_VALUES.has(v)) cfg.localFaults = true;
    else if (!['0', 'false', 'no'].includes(v)) warnings.push(`VERSO_LOCAL_FAULTS="${env.VERSO_LOCAL_FAULTS}" is ignored: use 1 to switch fault injection on.`);
  }
  return cfg;
}
