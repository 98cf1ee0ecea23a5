/**
 * Errors by code: a key the service refuses (403) is worded by the reason the service gives in its error body's
 * `code`, in the UI language, wherever the error is shown (connection forms, Translate, banners). A Brazilian admin's
 * tour met the same "check the key in Settings" sentence for an admin key pasted at first run (no Settings yet), a
 * deactivated key and an unknown key; the real reason was only in English behind "Details".
 */
import { describe, expect, it } from 'vitest';
import en from './en/index.js';
import ptBR from './pt-BR/index.js';
import { compileCatalog } from './compile.js';
import { describeIpcError } from './errors.js';
import { createTranslator } from './translator.js';

const enT = createTranslator('en', compileCatalog(en));
const ptT = createTranslator('pt-BR', compileCatalog(ptBR), compileCatalog(en));

/** A 403 as main passes it on: its own English sentence quoting the service, and the service's code and words. */
function refused(serviceCode: string | undefined, serviceMessage: string) {
  return {
    code: 'auth_failed' as const,
    message: `The service refused the API key (403). The service said: "${serviceMessage}". Check that the key is right and still active.`,
    status: 403,
    ...(serviceCode !== undefined && { serviceCode }),
    serviceMessage,
  };
}

const ADMIN = refused('admin_key_not_allowed', 'Admin keys work only on the admin endpoints (/v2/admin/...); use a developer key here.');
const DEACTIVATED = refused(
  'key_deactivated',
  'This key was deactivated on 2026-11-29T19:49:43.760Z and cannot be used again; ask your account admin for a new key.',
);
const UNKNOWN = refused('invalid_key', 'Unknown API key: check that you copied the whole key.');

describe('a refused key, by the reason the service gives', () => {
  it('says an admin key needs a developer key here, and that the admin key goes on Keys once connected', () => {
    const d = describeIpcError(enT, ADMIN);
    expect(d.message).toBe(en['errors.auth_admin_key']);
    expect(d.message).toMatch(/admin key/);
    expect(d.message).toMatch(/developer key/);
    expect(d.message).toMatch(/Keys/);
    // At first run there is no Settings yet: the message does not send the user there.
    expect(d.message).not.toMatch(/Settings/);
    // The service's own English words stay behind "Details".
    expect(d.serviceWords).toBe(ADMIN.serviceMessage);
    expect(d.detail).toContain('HTTP status 403');
  });

  it('says a key was deactivated, without the ISO date of the English message', () => {
    const d = describeIpcError(enT, DEACTIVATED);
    expect(d.message).toBe(en['errors.auth_key_deactivated']);
    expect(d.message).toMatch(/deactivated/);
    expect(d.message).not.toMatch(/2026|Z\b/);
  });

  it('says the service does not know the key', () => {
    const d = describeIpcError(enT, UNKNOWN);
    expect(d.message).toBe(en['errors.auth_unknown_key']);
    expect(d.message).toMatch(/whole key/);
  });

  it('says each reason in Brazilian Portuguese, not the generic sentence', () => {
    const generic = ptBR['errors.auth_failed'];
    const admin = describeIpcError(ptT, ADMIN).message;
    expect(admin).toBe(ptBR['errors.auth_admin_key']);
    expect(admin).toMatch(/chave de administrador/);
    expect(admin).toMatch(/chave de desenvolvedor/);
    expect(admin).toMatch(/Chaves/);
    expect(describeIpcError(ptT, DEACTIVATED).message).toMatch(/desativada/);
    expect(describeIpcError(ptT, UNKNOWN).message).toMatch(/não conhece esta chave/);
    for (const e of [ADMIN, DEACTIVATED, UNKNOWN]) expect(describeIpcError(ptT, e).message).not.toBe(generic);
  });

  it('keeps the generic sentence for a 403 without a code Verso knows, and without one', () => {
    expect(describeIpcError(enT, refused('wrong_base', 'This is a Free key: use the Free base URL.')).message).toBe(en['errors.auth_failed']);
    expect(describeIpcError(enT, refused(undefined, 'Forbidden.')).message).toBe(en['errors.auth_failed']);
    expect(describeIpcError(ptT, refused('scope_not_allowed', 'This key is limited.')).message).toBe(ptBR['errors.auth_failed']);
  });

  it('words only auth_failed by these codes (another error code keeps its own words)', () => {
    const d = describeIpcError(enT, { code: 'bad_request', message: 'x', status: 400, serviceCode: 'invalid_key' });
    expect(d.message).toBe(en['errors.bad_request']);
  });
});
