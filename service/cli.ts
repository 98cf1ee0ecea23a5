/**
 * Command line of the local Translation Service (service process).
 *
 *   serve                     start both listeners (Pro and Free base)
 *   account create|list|set   manage accounts (admin interface, detection beta, character limit, plan)
 *   key create|scopes|list    manage keys (pro, free, admin; scopes; per-key limit)
 *   style-rule create         create a style rule list id (contents are not in the spec: name + language only)
 *   tm create                 create a translation memory from a TSV file (source<TAB>target per line)
 *
 * Every flag has an environment equivalent (VERSO_SERVICE_<FLAG>, e.g. VERSO_SERVICE_DATA_DIR).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDb } from './store/db.js';
import { SCOPES, Store, type Plan, type Scope, type Tier } from './store/store.js';
import type { EngineId } from './engines/types.js';
import { startService } from './server.js';

const env = (name: string): string | undefined => process.env[`VERSO_SERVICE_${name}`];

const COMMON = {
  'data-dir': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const USAGE = `Usage: npm run service -- [flags]            (same as: tsx service/cli.ts serve [flags])
       tsx service/cli.ts <command> [flags]

serve flags:
  --host <addr>          listen address (default 127.0.0.1)
  --port <n>             Pro base port (default 8470; 0 = any free port)
  --free-port <n>        Free base port (default 8471; 0 = any free port)
  --data-dir <dir>       state directory (default .data/service)
  --engines <list>       apertium,pseudo (default: apertium where installed; pseudo is a test engine)
  --faults               enable fault injection and test hooks (tests only)
  --rate-limit <n>       requests per second per key (default: off)
  --in-memory            keep state in memory (keys.json is still written)
  --quiet                no request logs
  --without-v3           serve no /v3 customisation endpoints (glossaries, style rules, memories, languages)
  --exit-with-stdin      stop when stdin closes (used by the app, so the service never outlives it)
  --doc-max-upload-mb N  largest document upload (default 100; larger uploads get 413)
  --doc-concurrency N    documents translated at once (default 2)
  --doc-expiry-minutes N undownloaded documents are deleted after N minutes (default 1440)
  --doc-timeout-s N      time limit of one document job (default 600)
  --doc-queue-delay-ms N / --doc-translate-delay-ms N   hold documents in a state (tests)

commands:
  account create [--name N] [--plan pro|pro_classic|free] [--admin] [--detect-beta] [--character-limit N]
  account list
  account set --account ID [--admin on|off] [--detect-beta on|off] [--character-limit N|none] [--plan P]
  key create --account ID --tier pro|free|admin [--label L] [--scopes a,b] [--character-limit N]
  key scopes --key-id ID --scopes a,b|all        (scopes: ${SCOPES.join(', ')})
  key list --account ID
  style-rule create --account ID --language DE [--name N]
  tm create --account ID --source EN --target DE --entries FILE.tsv [--name N]`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

function openStore(dataDir: string | undefined): Store {
  return new Store(openDb(resolve(dataDir ?? env('DATA_DIR') ?? '.data/service')));
}

function limitArg(v: string | undefined): number | null | undefined {
  if (v === undefined) return undefined;
  if (v === 'none' || v === 'null') return null;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) fail(`--character-limit must be a whole number of 0 or more, or "none".`);
  return n;
}

function onOff(v: string | undefined, flag: string): boolean | undefined {
  if (v === undefined) return undefined;
  if (v === 'on' || v === 'true') return true;
  if (v === 'off' || v === 'false') return false;
  fail(`${flag} takes on or off.`);
}

function scopesArg(v: string | undefined): Scope[] | null | undefined {
  if (v === undefined) return undefined;
  if (v === 'all') return null;
  const list = v.split(',').map((s) => s.trim());
  const bad = list.find((s) => !(SCOPES as readonly string[]).includes(s));
  if (bad) fail(`Unknown scope "${bad}"; scopes are ${SCOPES.join(', ')} (or all).`);
  return list as Scope[];
}

async function serve(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      ...COMMON,
      host: { type: 'string' },
      port: { type: 'string' },
      'free-port': { type: 'string' },
      engines: { type: 'string' },
      faults: { type: 'boolean' },
      'rate-limit': { type: 'string' },
      'in-memory': { type: 'boolean' },
      quiet: { type: 'boolean' },
      'without-v3': { type: 'boolean' },
      'exit-with-stdin': { type: 'boolean' },
      'doc-max-upload-mb': { type: 'string' },
      'doc-concurrency': { type: 'string' },
      'doc-expiry-minutes': { type: 'string' },
      'doc-timeout-s': { type: 'string' },
      'doc-queue-delay-ms': { type: 'string' },
      'doc-translate-delay-ms': { type: 'string' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const port = (v: string | undefined, def: number, flag: string) => {
    const n = Number(v ?? def);
    if (!Number.isInteger(n) || n < 0 || n > 65535) fail(`${flag} must be a port number (0 for any free port).`);
    return n;
  };
  const enginesArg = values.engines ?? env('ENGINES');
  const engines = enginesArg?.split(',').map((e) => e.trim()) as EngineId[] | undefined;
  const bad = engines?.find((e) => e !== 'apertium' && e !== 'pseudo');
  if (bad) fail(`Unknown engine "${bad}": use apertium and/or pseudo.`);
  const rate = values['rate-limit'] ?? env('RATE_LIMIT');
  const dataDir = resolve(values['data-dir'] ?? env('DATA_DIR') ?? '.data/service');
  const positive = (flag: string, env: string, def: number): number => {
    const raw = (values as Record<string, unknown>)[flag] ?? process.env[`VERSO_SERVICE_${env}`];
    const n = raw === undefined ? def : Number(raw);
    if (!Number.isFinite(n) || n < 0) fail(`--${flag} must be a number of 0 or more.`);
    return n;
  };
  const { createDocumentsPlugin } = await import('./documents/plugin.js');
  const documents = createDocumentsPlugin({
    maxUploadBytes: positive('doc-max-upload-mb', 'DOC_MAX_UPLOAD_MB', 100) * 1024 * 1024,
    concurrency: Math.max(1, Math.round(positive('doc-concurrency', 'DOC_CONCURRENCY', 2))),
    expiryMs: positive('doc-expiry-minutes', 'DOC_EXPIRY_MINUTES', 24 * 60) * 60_000,
    jobTimeoutMs: positive('doc-timeout-s', 'DOC_TIMEOUT_S', 600) * 1000,
    queueDelayMs: positive('doc-queue-delay-ms', 'DOC_QUEUE_DELAY_MS', 0),
    translateDelayMs: positive('doc-translate-delay-ms', 'DOC_TRANSLATE_DELAY_MS', 0),
  });
  const svc = await startService({
    host: values.host ?? env('HOST') ?? '127.0.0.1',
    port: port(values.port ?? env('PORT'), 8470, '--port'),
    freePort: port(values['free-port'] ?? env('FREE_PORT'), 8471, '--free-port'),
    dataDir,
    inMemory: values['in-memory'] ?? env('IN_MEMORY') === '1',
    engines,
    faults: values.faults ?? env('FAULTS') === '1',
    rateLimit: rate ? Number(rate) : undefined,
    log: !(values.quiet ?? env('QUIET') === '1'),
    v3: !(values['without-v3'] ?? env('WITHOUT_V3') === '1'),
    plugins: [documents],
  });
  const engineNames = svc.engines.engines.map((e) => e.label).join(', ') || 'none';
  process.stdout.write(`Engines: ${engineNames}\n`);
  // For the app (ready-line.ts): which engines run, by id; none means nothing can translate here.
  process.stdout.write(`[verso-service] engines=${svc.engines.engines.map((e) => e.id).join(',')}\n`);
  // The keys are printed once, when they are created; afterwards only where to find them.
  if (svc.firstStart) {
    process.stdout.write(
      `Created an account with these keys:\n` +
        `Pro key:   ${svc.keys.pro_key}\nFree key:  ${svc.keys.free_key}\nAdmin key: ${svc.keys.admin_key}\n`,
    );
  }
  process.stdout.write(`Keys: ${dataDir}/keys.json\n`);
  // The one line tools wait for; keep its format stable.
  process.stdout.write(`[verso-service] ready pro=${svc.proUrl} free=${svc.freeUrl} data=${dataDir}\n`);
  const stop = async () => {
    await svc.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (values['exit-with-stdin']) {
    // A parent that dies without stopping us (kill -9) closes our stdin: stop too, leaving no orphan behind.
    process.stdin.on('end', stop);
    process.stdin.on('close', stop);
    process.stdin.resume();
  }
}

/**
 * `--admin` and `--detect-beta` alone mean on: they are given that value before parsing, as they take one (`off` in
 * `account set`), so the flag after them is not taken for their value (the README's own `account create --name Team
 * --admin --detect-beta --character-limit 500000` failed with "Unexpected argument '500000'").
 */
function bareMeansOn(argv: readonly string[], flags: readonly string[]): string[] {
  return argv.flatMap((a, i) => (flags.includes(a) && (i + 1 === argv.length || argv[i + 1]!.startsWith('--')) ? [a, 'on'] : [a]));
}

function accountCmd(sub: string | undefined, argv: string[]): void {
  const { values } = parseArgs({
    args: bareMeansOn(argv, ['--admin', '--detect-beta']),
    options: {
      ...COMMON,
      account: { type: 'string' },
      name: { type: 'string' },
      plan: { type: 'string' },
      admin: { type: 'string' },
      'detect-beta': { type: 'string' },
      'character-limit': { type: 'string' },
    },
    allowPositionals: false,
    strict: false,
  });
  const store = openStore(values['data-dir'] as string | undefined);
  const plan = values.plan as Plan | undefined;
  if (plan && !['pro', 'pro_classic', 'free'].includes(plan)) fail('--plan takes pro, pro_classic or free.');
  if (sub === 'create') {
    const a = store.createAccount({
      name: values.name as string | undefined,
      plan,
      // `--admin` and `--detect-beta` without a value mean on (bareMeansOn).
      adminEnabled: onOff(values.admin as string | undefined, '--admin') === true,
      detectBeta: onOff(values['detect-beta'] as string | undefined, '--detect-beta') === true,
      characterLimit: limitArg(values['character-limit'] as string | undefined) ?? null,
    });
    process.stdout.write(`${JSON.stringify(a)}\n`);
  } else if (sub === 'list') {
    for (const a of store.listAccounts()) process.stdout.write(`${JSON.stringify(a)}\n`);
  } else if (sub === 'set') {
    const id = (values.account as string | undefined) ?? fail('--account is required.');
    if (!store.getAccount(id)) fail(`No account ${id}.`);
    const patch: Parameters<Store['updateAccount']>[1] = {};
    const admin = onOff(values.admin as string | undefined, '--admin');
    const beta = onOff(values['detect-beta'] as string | undefined, '--detect-beta');
    const limit = limitArg(values['character-limit'] as string | undefined);
    if (admin !== undefined) patch.adminEnabled = admin;
    if (beta !== undefined) patch.detectBeta = beta;
    if (limit !== undefined) patch.characterLimit = limit;
    if (plan) patch.plan = plan;
    if (values.name) patch.name = values.name as string;
    process.stdout.write(`${JSON.stringify(store.updateAccount(id, patch))}\n`);
  } else fail(USAGE);
  store.close();
}

function keyCmd(sub: string | undefined, argv: string[]): void {
  const { values } = parseArgs({
    args: argv,
    options: {
      ...COMMON,
      account: { type: 'string' },
      tier: { type: 'string' },
      label: { type: 'string' },
      scopes: { type: 'string' },
      'key-id': { type: 'string' },
      'character-limit': { type: 'string' },
    },
  });
  const store = openStore(values['data-dir']);
  if (sub === 'create') {
    const accountId = values.account ?? fail('--account is required.');
    if (!store.getAccount(accountId)) fail(`No account ${accountId}.`);
    const tier = values.tier as Tier;
    if (!['pro', 'free', 'admin'].includes(tier)) fail('--tier takes pro, free or admin.');
    const { key, secret } = store.createKey({
      accountId,
      tier,
      label: values.label,
      scopes: scopesArg(values.scopes) ?? null,
      characterLimit: limitArg(values['character-limit']) ?? null,
    });
    process.stdout.write(`${JSON.stringify({ key: secret, key_id: key.keyId, tier, scopes: key.scopes })}\n`);
  } else if (sub === 'scopes') {
    const keyId = values['key-id'] ?? fail('--key-id is required.');
    if (!store.getKey(keyId)) fail(`No key ${keyId}.`);
    const scopes = scopesArg(values.scopes ?? fail('--scopes is required (a,b or all).'));
    process.stdout.write(`${JSON.stringify(store.updateKey(keyId, { scopes: scopes ?? null }))}\n`);
  } else if (sub === 'list') {
    const accountId = values.account ?? fail('--account is required.');
    for (const k of store.listDeveloperKeys(accountId)) process.stdout.write(`${JSON.stringify(k)}\n`);
  } else fail(USAGE);
  store.close();
}

function resourceCmd(kind: string, sub: string | undefined, argv: string[]): void {
  const { values } = parseArgs({
    args: argv,
    options: {
      ...COMMON,
      account: { type: 'string' },
      language: { type: 'string' },
      name: { type: 'string' },
      source: { type: 'string' },
      target: { type: 'string' },
      entries: { type: 'string' },
    },
  });
  if (sub !== 'create') fail(USAGE);
  const store = openStore(values['data-dir']);
  const accountId = values.account ?? fail('--account is required.');
  if (!store.getAccount(accountId)) fail(`No account ${accountId}.`);
  if (kind === 'style-rule') {
    const language = (values.language ?? fail('--language is required.')).toUpperCase();
    const s = store.createStyleRule(accountId, values.name ?? 'Style rules', language);
    process.stdout.write(`${JSON.stringify({ style_id: s.id, language })}\n`);
  } else {
    const file = values.entries ?? fail('--entries FILE.tsv is required.');
    const tsv = readFileSync(file, 'utf8').replace(/\r\n?/g, '\n');
    const bad = tsv.split('\n').findIndex((l) => l !== '' && l.split('\t').length !== 2);
    if (bad >= 0) fail(`${file} line ${bad + 1}: expected "source<TAB>target".`);
    const tm = store.createTranslationMemory({
      accountId,
      name: values.name ?? 'Translation memory',
      sourceLang: (values.source ?? fail('--source is required.')).toUpperCase(),
      targetLang: (values.target ?? fail('--target is required.')).toUpperCase(),
      entriesTsv: tsv,
    });
    process.stdout.write(`${JSON.stringify({ translation_memory_id: tm.id })}\n`);
  }
  store.close();
}

const [command, sub, ...rest] = process.argv.slice(2);
try {
  if (!command || command === 'serve') await serve(command ? process.argv.slice(3) : []);
  else if (command === 'account') accountCmd(sub, rest);
  else if (command === 'key') keyCmd(sub, rest);
  else if (command === 'style-rule' || command === 'tm') resourceCmd(command, sub, rest);
  else if (command === '--help' || command === '-h' || command === 'help') process.stdout.write(`${USAGE}\n`);
  else fail(`Unknown command "${command}".\n${USAGE}`);
} catch (e) {
  fail(`verso-service: ${(e as Error).message}`);
}
