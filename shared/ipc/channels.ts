/**
 * Channel names (any process, no dependencies): the prefix every IPC channel carries and the list of event names,
 * kept free of zod so the sandboxed preload bundle stays small. `contract.test.ts` checks the list against the
 * contract's `events` table.
 */

/** The IPC channel of a call or event: one place spells the prefix. */
export function channelOf(name: string): string {
  return `verso:${name}`;
}

export const EVENT_NAME_LIST = [
  'translate.batchProgress',
  'api.retrying',
  'connections.changed',
  'connections.statusChanged',
  'localService.statusChanged',
  'usage.changed',
  'usage.alert',
  'settings.changed',
  'documents.changed',
  'app.command',
  'desktop.translateText',
  'desktop.statusChanged',
  'glossaries.replaced',
  'glossaries.changed',
  'translatePrefs.changed',
  'history.changed',
  'customisation.styleRulesChanged',
] as const;
