/**
 * Tray (menu bar) icon over Electron (main process, Electron only): the `TrayPort` of desktop-ports.ts. macOS
 * gets the black template image (tinted by the system for light and dark menu bars), other systems the colour
 * one. The menu comes from services/desktop-tray.ts; this file only draws it.
 */
import { Menu, Tray, nativeImage } from 'electron';
import type { TrayMenuItem, TrayPort } from '../services/desktop-ports.js';
import { TRAY_ICON_PNG } from './tray-icon-data.js';

function trayImage(): Electron.NativeImage {
  const mac = process.platform === 'darwin';
  const img = nativeImage.createFromBuffer(Buffer.from(mac ? TRAY_ICON_PNG.template16 : TRAY_ICON_PNG.color16, 'base64'), { scaleFactor: 1 });
  // The 32 px image for high-density displays.
  img.addRepresentation({ scaleFactor: 2, buffer: Buffer.from(mac ? TRAY_ICON_PNG.template32 : TRAY_ICON_PNG.color32, 'base64') });
  if (process.platform === 'darwin') img.setTemplateImage(true);
  return img;
}

export function createElectronTray(): TrayPort {
  let tray: Tray | undefined;
  return {
    show(tooltip: string, items: readonly TrayMenuItem[], onSelect: (id: string) => void) {
      tray ??= new Tray(trayImage());
      tray.setToolTip(tooltip);
      tray.setContextMenu(
        Menu.buildFromTemplate(
          items.map((i) =>
            i.type === 'separator'
              ? { type: 'separator' as const }
              : { label: i.label, enabled: i.enabled ?? true, click: () => onSelect(i.id) },
          ),
        ),
      );
    },
    hide() {
      tray?.destroy();
      tray = undefined;
    },
  };
}
