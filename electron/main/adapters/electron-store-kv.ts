/**
 * Settings store over electron-store (main process, Electron only): one store file per concern in the user-data
 * folder. electron-store imports `electron` at module load, so it lives here, behind the `KeyValueStore` port.
 */
import Store from 'electron-store';
import type { KeyValueStore } from '../services/ports.js';

export function createElectronStore(name: string): KeyValueStore {
  // Not `clearInvalidConfig`: a broken file is reset field by field by the services, never silently wiped here.
  const store = new Store<Record<string, unknown>>({ name, clearInvalidConfig: false });
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  };
}
