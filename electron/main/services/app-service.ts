/**
 * App service (main process, plain Node): version and platform facts, opening links in the user's browser
 * through an allowlist, copy to clipboard and saving exported text through ports.
 */
import type { AppInfo } from '../../../shared/ipc/contract.js';
import { ApiError } from './api-errors.js';
import type { ExternalOpener } from './ports.js';

export interface Clipboard {
  /** False when this shell cannot reach the system clipboard (the web harness): the page copies itself. */
  writeText(text: string): Promise<boolean>;
}

export interface SaveDialog {
  /** Asks where to save and writes `content` there; null when the user cancelled. */
  saveText(suggestedName: string, content: string | Uint8Array): Promise<string | null>;
}

export interface AppServiceDeps {
  info: AppInfo;
  opener: ExternalOpener;
  clipboard: Clipboard;
  saveDialog: SaveDialog;
  /** Hosts (exact, lower case) that links may open; everything else is refused. */
  allowedHosts: readonly string[];
}

/**
 * A link may open only when it is https, carries no user info and its host is allowlisted: a compromised
 * renderer must not be able to launch arbitrary protocols or smuggle data out through the browser.
 */
export function isAllowedExternalUrl(raw: string, allowedHosts: readonly string[]): boolean {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return false;
  }
  if (u.protocol !== 'https:' || u.username !== '' || u.password !== '') return false;
  return allowedHosts.includes(u.hostname.toLowerCase());
}

export class AppService {
  constructor(private readonly deps: AppServiceDeps) {}

  info(): AppInfo {
    return { ...this.deps.info };
  }

  async openExternal(url: string): Promise<{ opened: boolean }> {
    if (!isAllowedExternalUrl(url, this.deps.allowedHosts)) {
      throw new ApiError('bad_request', 'Verso opens only secure (https) links to known sites. Copy the address and open it yourself if you trust it.');
    }
    await this.deps.opener.open(url);
    return { opened: true };
  }

  async copyText(text: string): Promise<{ copied: boolean }> {
    return { copied: await this.deps.clipboard.writeText(text) };
  }

  async saveTextFile(suggestedName: string, content: string): Promise<{ path: string } | null> {
    // Only a bare file name is accepted as a suggestion; the folder is the user's choice in the dialog.
    const name = suggestedName.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').replace(/^\.+/, '_');
    const path = await this.deps.saveDialog.saveText(name, content);
    return path === null ? null : { path };
  }
}
