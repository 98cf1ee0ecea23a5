/**
 * IPC contract of the admin-keys domain (any process): the developer keys of the active connection's account
 * through the admin interface (list, create, rename, limit, deactivate, in bulk too), the admin key itself
 * (checked against the admin endpoint before it is saved), CSV exports and Verso's local audit log of every
 * change it made. A new key's secret never crosses IPC (see `CreatedDeveloperKey`). Spread into `contract.ts`.
 */
import { z } from 'zod';
import { ConnectionName, Id, NoInput, Persistence, SecretInput } from './contract-common.js';

export const DeveloperKeyView = z.object({
  keyId: z.string(),
  label: z.string(),
  creationTime: z.string(),
  deactivatedTime: z.string().optional(),
  isDeactivated: z.boolean(),
  /** Null: no limit. 0: blocked. */
  characterLimit: z.number().nullable(),
  /** The Verso connections known to translate with this key (matched in main by key id; no secret leaves main). */
  usedBy: z.array(z.object({ id: z.string(), name: z.string(), local: z.boolean() })).default([]),
  /** Where Verso holds this key as a connection (saved from the Keys screen): that connection and its usage. */
  connection: z
    .object({ id: z.string(), name: z.string(), characterCount: z.number().nullable(), at: z.string().nullable() })
    .optional(),
});
export type DeveloperKeyView = z.infer<typeof DeveloperKeyView>;

/**
 * A key just created. Its secret never crosses IPC: main holds it in memory until the user has it copied to the
 * clipboard (`adminKeys.copyNewKey`) or saved as a connection (`adminKeys.saveNewKeyAsConnection`), once.
 */
export const CreatedDeveloperKey = DeveloperKeyView.extend({
  /** True when main holds the new key's secret for one delivery; false when the service did not return it. */
  secretHeld: z.boolean(),
});
export type CreatedDeveloperKey = z.infer<typeof CreatedDeveloperKey>;

/**
 * The keys of the connection named by `connectionId` (the one the screen showed when it asked), and the Verso
 * connections that may use one of these keys without Verso knowing which (a key pasted in Settings carries no id).
 */
export const KeysListing = z.object({
  connectionId: z.string(),
  keys: z.array(DeveloperKeyView),
  unidentified: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type KeysListing = z.infer<typeof KeysListing>;

export const AUDIT_ACTIONS = ['create', 'rename', 'limit', 'deactivate'] as const;

/** One change Verso made through the admin interface, kept locally. `before`/`after`: label or limit as text. */
export const AuditEntry = z.object({
  at: z.string(),
  connectionId: z.string(),
  connectionName: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  keyId: z.string(),
  label: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** Can the active connection use the admin interface? */
export const AdminAccess = z.object({
  connectionId: z.string().nullable(),
  connectionName: z.string().nullable(),
  /** False when no admin key is set for the active connection. */
  configured: z.boolean(),
  /** True for the local engine: its admin key is its own. */
  local: z.boolean(),
});
export type AdminAccess = z.infer<typeof AdminAccess>;

export const KeyLimit = z.number().int().min(0).max(1e15).nullable();

export const BulkResult = z.array(
  z.object({ keyId: z.string(), ok: z.boolean(), key: DeveloperKeyView.optional(), errorCode: z.string().optional(), message: z.string().optional() }),
);
export type BulkResult = z.infer<typeof BulkResult>;

const KeyIds = z.array(Id).min(1, 'Select at least one key.').max(1000);
/**
 * Every call that reads or changes keys names the connection the screen showed; main refuses it (`conflict`) when
 * that is no longer the active connection, so a change never goes to another account than the one on screen.
 */
const Shown = { connectionId: Id };

export const adminKeysCalls = {
  'adminKeys.access': { input: NoInput, output: AdminAccess },
  /** Checks the admin key against the admin endpoint, then saves it for the active connection. */
  'adminKeys.setAdminKey': {
    input: z.object({ adminKey: SecretInput, persistence: Persistence.optional() }),
    output: AdminAccess,
  },
  'adminKeys.list': { input: z.object(Shown), output: KeysListing },
  'adminKeys.create': { input: z.object({ ...Shown, label: z.string().trim().max(200).optional() }), output: CreatedDeveloperKey },
  /** Copies a just-created key to the clipboard in main; `copied: false` where this shell has no clipboard. */
  'adminKeys.copyNewKey': { input: z.object({ keyId: Id }), output: z.object({ copied: z.boolean() }) },
  /**
   * Saves a just-created key as a new connection to the same service (checked with /v2/usage first). `contract.ts`
   * sets the output to its ConnectionView (not importable here without a cycle).
   */
  'adminKeys.saveNewKeyAsConnection': {
    input: z.object({ keyId: Id, name: ConnectionName, persistence: Persistence.optional() }),
    output: z.object({ id: z.string(), name: z.string() }),
  },
  'adminKeys.rename': { input: z.object({ ...Shown, keyId: Id, label: z.string().trim().min(1).max(200) }), output: DeveloperKeyView },
  'adminKeys.setLimit': { input: z.object({ ...Shown, keyId: Id, characters: KeyLimit }), output: DeveloperKeyView },
  'adminKeys.deactivate': { input: z.object({ ...Shown, keyId: Id }), output: DeveloperKeyView },
  'adminKeys.bulkSetLimit': { input: z.object({ ...Shown, keyIds: KeyIds, characters: KeyLimit }), output: BulkResult },
  'adminKeys.bulkDeactivate': { input: z.object({ ...Shown, keyIds: KeyIds }), output: BulkResult },
  /**
   * The admin says which key a connection Verso cannot place translates with (a key pasted in Settings carries no
   * id): kept in main so the table shows "Used by" and the deactivation asks. Answers the listing again.
   */
  'adminKeys.linkConnection': { input: z.object({ ...Shown, keyId: Id, usedBy: Id }), output: KeysListing },
  'adminKeys.audit': { input: NoInput, output: z.array(AuditEntry) },
  /**
   * Saves the key table (of the shown connection) or the audit log as CSV for a spreadsheet in the UI language
   * (UTF-8 with BOM, the locale's delimiter, numbers as numbers) through the save dialog; null when cancelled.
   */
  'adminKeys.exportCsv': {
    input: z.discriminatedUnion('what', [z.object({ what: z.literal('keys'), ...Shown }), z.object({ what: z.literal('audit') })]),
    output: z.object({ path: z.string() }).nullable(),
  },
} as const;

export const adminKeysEvents = {} as const;
