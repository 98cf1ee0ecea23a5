/**
 * The global shortcut (main process, plain Node): keeps one accelerator registered through the
 * `GlobalShortcutPort` as Settings change, and says why when it could not (taken by another app, or not a
 * shortcut Electron understands), so Settings can tell the user to pick another.
 */
import { acceleratorProblem, type DesktopStatus } from '../../../shared/ipc/contract-desktop.js';
import type { GlobalShortcutPort } from './desktop-ports.js';

export class GlobalShortcutController {
  private registered: string | undefined;
  private state: DesktopStatus['shortcut'] = { state: 'off', accelerator: null };

  constructor(
    private readonly port: GlobalShortcutPort,
    private readonly onPress: () => void,
  ) {}

  status(): DesktopStatus['shortcut'] {
    return { ...this.state };
  }

  /** Registers `accelerator` (or nothing, when off), releasing the previous one first. */
  apply(enabled: boolean, accelerator: string): DesktopStatus['shortcut'] {
    if (this.registered !== undefined && (!enabled || this.registered !== accelerator)) {
      this.port.unregister(this.registered);
      this.registered = undefined;
    }
    if (!enabled) {
      this.state = { state: 'off', accelerator: null };
    } else if (this.registered === accelerator) {
      this.state = { state: 'registered', accelerator };
    } else if (acceleratorProblem(accelerator) !== null) {
      this.state = { state: 'invalid', accelerator };
    } else {
      let ok: boolean;
      try {
        ok = this.port.register(accelerator, this.onPress);
      } catch {
        ok = false;
        this.state = { state: 'invalid', accelerator };
        return this.status();
      }
      if (ok) this.registered = accelerator;
      this.state = { state: ok ? 'registered' : 'in_use', accelerator };
    }
    return this.status();
  }

  dispose(): void {
    this.apply(false, '');
  }
}
