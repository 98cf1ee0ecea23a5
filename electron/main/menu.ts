/**
 * Application menu (main process, Electron only): the usual roles and shortcuts, plus Verso's navigation and
 * translate commands, which reach the renderer as the `app.command` event.
 */
import { Menu, app, type MenuItemConstructorOptions } from 'electron';
import type { MessageId, MessageValues } from '../../shared/i18n/catalog.js';
import type { MenuCommand } from '../../shared/ipc/contract.js';

/** Labels come from the UI catalogs (`t`); the composition root rebuilds the menu when the UI language changes. */
export function buildMenu(
  send: (command: MenuCommand) => void,
  isDev: boolean,
  t: (id: MessageId, values?: MessageValues) => string,
): Menu {
  const mac = process.platform === 'darwin';
  const item = (label: string, accelerator: string, command: MenuCommand): MenuItemConstructorOptions => ({ label, accelerator, click: () => send(command) });
  const template: MenuItemConstructorOptions[] = [
    ...(mac ? [{ role: 'appMenu' as const }] : []),
    { label: t('app.menu.file'), submenu: [item(t('app.menu.settings'), 'CmdOrCtrl+,', 'navigate.settings'), { type: 'separator' }, mac ? { role: 'close' } : { role: 'quit' }] },
    { role: 'editMenu' },
    {
      label: t('app.menu.translate'),
      submenu: [
        item(t('app.menu.translateNow'), 'CmdOrCtrl+Enter', 'translate.now'),
        item(t('app.menu.swapLanguages'), 'CmdOrCtrl+Shift+S', 'translate.swapLanguages'),
        item(t('app.menu.focusSource'), 'CmdOrCtrl+L', 'translate.focusSource'),
      ],
    },
    {
      label: t('app.menu.go'),
      submenu: [
        item(t('app.nav.translate'), 'CmdOrCtrl+1', 'navigate.translate'),
        item(t('app.nav.documents'), 'CmdOrCtrl+2', 'navigate.documents'),
        item(t('app.nav.glossaries'), 'CmdOrCtrl+3', 'navigate.glossaries'),
        item(t('app.nav.usage'), 'CmdOrCtrl+4', 'navigate.usage'),
        item(t('app.nav.keys'), 'CmdOrCtrl+5', 'navigate.keys'),
        item(t('app.nav.settings'), 'CmdOrCtrl+6', 'navigate.settings'),
      ],
    },
    {
      label: t('app.menu.view'),
      submenu: [
        ...(isDev ? [{ role: 'reload' as const }, { role: 'toggleDevTools' as const }, { type: 'separator' as const }] : []),
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ label: t('app.menu.version', { version: app.getVersion() }), enabled: false }] },
  ];
  return Menu.buildFromTemplate(template);
}
