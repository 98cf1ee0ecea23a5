/**
 * Preload (sandboxed renderer-side bridge, bundled to one CJS file): exposes `window.verso`, the `VersoApi`
 * built from the contract's names and checked with `satisfies`, so a call missing here or one the contract does
 * not know fails the type check. Nothing else is exposed: no ipcRenderer, no generic invoke, no Node.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import type { FileBridge } from '../../shared/ipc/contract-documents.js';
import type { CallFn, VersoApi } from '../../shared/ipc/api-types.js';
import { EVENT_NAME_LIST, channelOf } from '../../shared/ipc/channels.js';
import { earlyStart, pageEvents } from '../../shared/ipc/early-start.js';
import type { CallName, EventName } from '../../shared/ipc/contract.js';

const INTERNAL_ERROR = {
  ok: false,
  error: { code: 'internal', message: 'Verso could not reach its main process. Restart Verso.' },
} as const;

function call<K extends CallName>(name: K): CallFn<K> {
  // ipcRenderer.invoke rejects only when the channel itself fails; the API promises never to reject.
  return ((input?: unknown) => ipcRenderer.invoke(channelOf(name), input).catch(() => INTERNAL_ERROR)) as CallFn<K>;
}

const EVENTS: ReadonlySet<string> = new Set(EVENT_NAME_LIST);
/** The page's listeners. Main's events are received from the start (see early-start.ts) and given to them here. */
const events = pageEvents();

// The first screen's data is asked for now, before the page's scripts have loaded; the entry's own call takes it.
const early = earlyStart((input) => call('app.start')(input as never), events.dispatch);

for (const name of EVENT_NAME_LIST) {
  // The IpcRendererEvent (with its sender) is dropped: the page gets the payload only.
  ipcRenderer.on(channelOf(name), (_e: IpcRendererEvent, payload: unknown) => {
    if (!early.hold(name, payload)) events.dispatch(name, payload);
  });
}

function on(name: EventName, listener: (payload: never) => void): () => void {
  if (!EVENTS.has(name)) throw new Error(`Unknown Verso event: ${String(name)}`);
  return events.on(name, listener);
}

export const api = {
  connections: {
    list: call('connections.list'),
    status: call('connections.status'),
    addLocal: call('connections.addLocal'),
    addHosted: call('connections.addHosted'),
    addCustom: call('connections.addCustom'),
    test: call('connections.test'),
    rename: call('connections.rename'),
    remove: call('connections.remove'),
    setActive: call('connections.setActive'),
  },
  credentials: {
    status: call('credentials.status'),
    setApiKey: call('credentials.setApiKey'),
    clearApiKey: call('credentials.clearApiKey'),
    setAdminKey: call('credentials.setAdminKey'),
    clearAdminKey: call('credentials.clearAdminKey'),
  },
  languages: { list: call('languages.list'), pairs: call('languages.pairs') },
  translatePrefs: { get: call('translatePrefs.get'), update: call('translatePrefs.update') },
  history: { list: call('history.list'), remove: call('history.remove'), clear: call('history.clear') },
  translate: {
    run: call('translate.run'),
    batch: call('translate.batch'),
    cancel: call('translate.cancel'),
    detect: call('translate.detect'),
  },
  documents: {
    pickFiles: call('documents.pickFiles'),
    pickFolder: call('documents.pickFolder'),
    inspect: call('documents.inspect'),
    enqueue: call('documents.enqueue'),
    list: call('documents.list'),
    cancel: call('documents.cancel'),
    retry: call('documents.retry'),
    translateAgain: call('documents.translateAgain'),
    remove: call('documents.remove'),
    open: call('documents.open'),
    reveal: call('documents.reveal'),
    prefs: call('documents.prefs'),
    setPrefs: call('documents.setPrefs'),
    batchDraft: call('documents.batchDraft'),
    saveBatchDraft: call('documents.saveBatchDraft'),
  },
  glossaries: {
    list: call('glossaries.list'),
    get: call('glossaries.get'),
    entries: call('glossaries.entries'),
    remove: call('glossaries.remove'),
    languagePairs: call('glossaries.languagePairs'),
    duplicate: call('glossaries.duplicate'),
    drafts: call('glossaries.drafts'),
    draftGet: call('glossaries.draftGet'),
    draftPut: call('glossaries.draftPut'),
    draftDiscard: call('glossaries.draftDiscard'),
    edit: call('glossaries.edit'),
    save: call('glossaries.save'),
    finishSave: call('glossaries.finishSave'),
    versions: call('glossaries.versions'),
    versionEntries: call('glossaries.versionEntries'),
    importFile: call('glossaries.importFile'),
    exportFile: call('glossaries.exportFile'),
  },
  usage: {
    get: call('usage.get'),
    history: call('usage.history'),
    all: call('usage.all'),
    exportCsv: call('usage.exportCsv'),
    alertSettings: call('usage.alertSettings'),
    setAlertSettings: call('usage.setAlertSettings'),
    alerts: call('usage.alerts'),
    dismissAlerts: call('usage.dismissAlerts'),
  },
  adminKeys: {
    access: call('adminKeys.access'),
    setAdminKey: call('adminKeys.setAdminKey'),
    list: call('adminKeys.list'),
    create: call('adminKeys.create'),
    copyNewKey: call('adminKeys.copyNewKey'),
    saveNewKeyAsConnection: call('adminKeys.saveNewKeyAsConnection'),
    rename: call('adminKeys.rename'),
    setLimit: call('adminKeys.setLimit'),
    deactivate: call('adminKeys.deactivate'),
    bulkSetLimit: call('adminKeys.bulkSetLimit'),
    bulkDeactivate: call('adminKeys.bulkDeactivate'),
    linkConnection: call('adminKeys.linkConnection'),
    audit: call('adminKeys.audit'),
    exportCsv: call('adminKeys.exportCsv'),
  },
  customisation: {
    capabilities: call('customisation.capabilities'),
    dictionaryEntries: call('customisation.dictionaryEntries'),
    addDictionary: call('customisation.addDictionary'),
    removeDictionary: call('customisation.removeDictionary'),
    renameGlossary: call('customisation.renameGlossary'),
    styleRules: call('customisation.styleRules'),
    styleRuleCreate: call('customisation.styleRuleCreate'),
    styleRuleRename: call('customisation.styleRuleRename'),
    styleRuleConfigure: call('customisation.styleRuleConfigure'),
    styleRuleDelete: call('customisation.styleRuleDelete'),
    instructionAdd: call('customisation.instructionAdd'),
    instructionUpdate: call('customisation.instructionUpdate'),
    instructionRemove: call('customisation.instructionRemove'),
    translationMemories: call('customisation.translationMemories'),
  },
  settings: { get: call('settings.get'), update: call('settings.update') },
  app: {
    info: call('app.info'),
    start: early.start as CallFn<'app.start'>,
    openExternal: call('app.openExternal'),
    copyText: call('app.copyText'),
    saveTextFile: call('app.saveTextFile'),
  },
  localService: {
    status: call('localService.status'),
    languages: call('localService.languages'),
    restart: call('localService.restart'),
  },
  desktop: { status: call('desktop.status') },
  network: { get: call('network.get'), update: call('network.update') },
  on: on as VersoApi['on'],
} satisfies VersoApi;

contextBridge.exposeInMainWorld('verso', api);
// Dropped and chosen files: their path on disk (main reads them; the renderer never gets file system access).
contextBridge.exposeInMainWorld('versoFiles', {
  kind: 'path',
  toPath: async (file: File) => webUtils.getPathForFile(file),
} satisfies FileBridge);
