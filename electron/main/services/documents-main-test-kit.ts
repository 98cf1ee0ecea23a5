/**
 * Test kit (main-process tests of Documents): what a documents service is built from in a test folder `dir` —
 * its data under `dir/user`, a test cipher, prefs in `dir/prefs.json`, the system clock, its own event bus, the
 * local engine's connection active, and no service client (any upload would have to ask for one and is refused) —
 * with `o` on top (a real client, another folder, the queue's timings).
 */
import { join } from 'node:path';
import { createJsonFileStore } from '../adapters/json-file-store.js';
import { createTestFileCipher } from '../adapters/node-cipher.js';
import { systemClock } from '../adapters/node-clock.js';
import type { DocumentsDeps } from './documents.js';
import { EventBus } from './event-bus.js';

export function documentsDeps(dir: string, o: Partial<DocumentsDeps> = {}): DocumentsDeps {
  return {
    userDataDir: join(dir, 'user'),
    cipher: createTestFileCipher(join(dir, 'test.key')),
    prefsStore: createJsonFileStore(join(dir, 'prefs.json')),
    clock: systemClock,
    events: new EventBus(),
    clientFor: () => Promise.reject(new Error('no service in this test')),
    activeConnectionId: () => 'c-local',
    ...o,
  };
}
