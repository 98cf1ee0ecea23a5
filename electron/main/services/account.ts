/**
 * Account services (main process, plain Node): usage and the admin interface's developer keys, each a thin
 * mapping from the API client's wire types to the contract's view types. Glossaries live in `glossaries.ts`.
 */
import type {
  ConnectionView,
  CreatedDeveloperKey,
  DeveloperKeyView,
  Persistence,
  UsageView,
} from '../../../shared/ipc/contract.js';
import type { WireDeveloperKey } from '../../../shared/spec/wire.js';
import { ApiError } from './api-errors.js';
import type { Clipboard } from './app-service.js';
import { usageView, type ConnectionsService } from './connections.js';
import type { EventBus } from './event-bus.js';

export class UsageService {
  constructor(
    private readonly connections: ConnectionsService,
    private readonly events: EventBus,
  ) {}

  async get(): Promise<UsageView> {
    const client = await this.connections.clientFor();
    const view = usageView(await client.getUsage());
    this.events.emit('usage.changed', view);
    return view;
  }
}

function keyView(k: WireDeveloperKey): DeveloperKeyView {
  const v: DeveloperKeyView = {
    keyId: k.key_id,
    label: k.label,
    creationTime: k.creation_time,
    isDeactivated: k.is_deactivated,
    characterLimit: k.usage_limits?.characters ?? null,
  };
  if (k.deactivated_time !== undefined) v.deactivatedTime = k.deactivated_time;
  return v;
}

/** How many just-created keys main holds at once; older undelivered ones are forgotten first. */
const HELD_KEYS_MAX = 5;

export class AdminKeysService {
  /** Secrets of keys created in this session and not yet delivered (keyId → secret and where it was made). */
  private readonly held = new Map<string, { secret: string; connectionId: string }>();

  constructor(
    private readonly connections: ConnectionsService,
    private readonly clipboard: Clipboard,
  ) {}

  private client() {
    return this.connections.clientFor(undefined, 'admin');
  }

  async list() {
    return (await (await this.client()).listDeveloperKeys()).map(keyView);
  }

  /**
   * The service shows a new key's secret once, in this answer. It stays in main (never in the renderer, the
   * result or a log) until the user has it copied or saved as a connection.
   */
  async create(label?: string): Promise<CreatedDeveloperKey> {
    const connectionId = this.connections.list().activeId;
    const wire = await (await this.client()).createDeveloperKey(label);
    const view = keyView(wire);
    if (!wire.key || !connectionId) return { ...view, secretHeld: false };
    this.held.set(view.keyId, { secret: wire.key, connectionId });
    while (this.held.size > HELD_KEYS_MAX) this.held.delete(this.held.keys().next().value!);
    return { ...view, secretHeld: true };
  }

  private heldFor(keyId: string) {
    const h = this.held.get(keyId);
    if (!h) {
      throw new ApiError(
        'not_found',
        'Verso no longer holds that key: a new key can be copied or saved only once, right after it is created, and not after Verso restarts. Create another key (and deactivate this one if nobody has it).',
      );
    }
    return h;
  }

  async copyNewKey(keyId: string): Promise<{ copied: boolean }> {
    const h = this.heldFor(keyId);
    const copied = await this.clipboard.writeText(h.secret);
    // Kept when the copy failed, so the user can still save it as a connection.
    if (copied) this.held.delete(keyId);
    return { copied };
  }

  /** A connection to the same service as the admin connection the key was made with, checked before it is saved. */
  async saveNewKeyAsConnection(keyId: string, name: string, persistence?: Persistence): Promise<ConnectionView> {
    const h = this.heldFor(keyId);
    const origin = this.connections.list().connections.find((c) => c.id === h.connectionId);
    if (!origin) throw new ApiError('not_found', 'The connection this key was created with has been removed; copy the key instead.');
    const common = { name, apiKey: h.secret, authScheme: origin.authScheme, ...(persistence && { persistence }) };
    let view: ConnectionView;
    if (origin.kind === 'hosted') {
      view = await this.connections.addHosted({ ...common, tier: 'auto' });
    } else if (origin.kind === 'custom' && origin.baseUrl) {
      view = await this.connections.addCustom({ ...common, baseUrl: origin.baseUrl });
    } else {
      throw new ApiError(
        'bad_request',
        'Keys made on the local engine work only with this computer’s local service, which Verso already uses without a key. Copy the key instead if another program needs it.',
      );
    }
    this.held.delete(keyId);
    return view;
  }

  /** The held secrets, so the IPC layer can redact them from any error or log line. */
  heldSecrets(): string[] {
    return [...this.held.values()].map((h) => h.secret);
  }

  async rename(keyId: string, label: string) {
    return keyView(await (await this.client()).renameDeveloperKey(keyId, label));
  }
  async setLimit(keyId: string, characters: number | null) {
    return keyView(await (await this.client()).setDeveloperKeyLimit(keyId, characters));
  }
  async deactivate(keyId: string) {
    return keyView(await (await this.client()).deactivateDeveloperKey(keyId));
  }
}
