/**
 * The tray (menu bar) menu (main process, plain Node): Translate clipboard, show/hide, documents in progress,
 * Quit, in the UI language. It is a pure function of its inputs (words, window visibility, documents count) so
 * the controller just rebuilds it whenever one of them changes; the `TrayPort` draws it.
 */
import type { MessageId, MessageValues } from '../../../shared/i18n/catalog.js';
import type { TrayMenuItem } from './desktop-ports.js';

export type TrayAction = 'translateClipboard' | 'toggleWindow' | 'documents' | 'quit';

export interface TrayModelInput {
  t: (id: MessageId, values?: MessageValues) => string;
  windowVisible: boolean;
  /** Documents being uploaded, translated or downloaded; undefined where the documents queue is not known. */
  documentsActive: number | undefined;
}

export function trayModel(i: TrayModelInput): { tooltip: string; items: TrayMenuItem[] } {
  const items: TrayMenuItem[] = [
    { id: 'translateClipboard', label: i.t('desktop.tray.translateClipboard') },
    { id: 'toggleWindow', label: i.windowVisible ? i.t('desktop.tray.hide') : i.t('desktop.tray.show') },
  ];
  if (i.documentsActive !== undefined) {
    items.push({ id: 'documents', label: i.t('desktop.tray.documents', { count: i.documentsActive }) });
  }
  items.push({ type: 'separator' }, { id: 'quit', label: i.t('desktop.tray.quit') });
  return { tooltip: i.t('desktop.tray.tooltip', { count: i.documentsActive ?? 0 }), items };
}
