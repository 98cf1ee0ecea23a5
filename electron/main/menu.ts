/**
 * Application menu (main process, Electron only): the usual roles and shortcuts, plus Verso's navigation and
 * translate commands, which reach the renderer as the `app.command` event.
 */
import { Menu, app, type MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '../../shared/ipc/contract.js';

export function buildMenu(send: (command: MenuCommand) => void, isDev: boolean): Menu {
  const mac = process.platform === 'darwin';
  const item = (label: string, accelerator: string, command: MenuCommand): MenuItemConstructorOptions => ({ label, accelerator, click: () => send(command) });
  const template: MenuItemConstructorOptions[] = [
    ...(mac ? [{ role: 'appMenu' as const }] : []),
    { label: '&File', submenu: [item('Settings…', 'CmdOrCtrl+,', 'navigate.settings'), { type: 'separator' }, mac ? { role: 'close' } : { role: 'quit' }] },
    { role: 'editMenu' },
    {
      label: '&Translate',
      submenu: [
        item('Translate Now', 'CmdOrCtrl+Enter', 'translate.now'),
        item('Swap Languages', 'CmdOrCtrl+Shift+S', 'translate.swapLanguages'),
        item('Focus Source Text', 'CmdOrCtrl+L', 'translate.focusSource'),
      ],
    },
    {
      label: '&Go',
      submenu: [
        item('Translate', 'CmdOrCtrl+1', 'navigate.translate'),
        item('Documents', 'CmdOrCtrl+2', 'navigate.documents'),
        item('Glossaries', 'CmdOrCtrl+3', 'navigate.glossaries'),
        item('Usage', 'CmdOrCtrl+4', 'navigate.usage'),
        item('Keys', 'CmdOrCtrl+5', 'navigate.keys'),
        item('Settings', 'CmdOrCtrl+6', 'navigate.settings'),
      ],
    },
    {
      label: '&View',
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
    { role: 'help', submenu: [{ label: `Verso ${app.getVersion()}`, enabled: false }] },
  ];
  return Menu.buildFromTemplate(template);
}
