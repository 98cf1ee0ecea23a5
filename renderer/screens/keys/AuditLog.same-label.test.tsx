// @vitest-environment happy-dom
/**
 * Component tests (renderer, happy-dom) for the change log's Key column when keys share a label: a Brazilian admin's
 * tour found two identical rows "Alteração de limite · Site · sem limite → 1.000.000" for two keys labelled "Site",
 * while the table and the panels wrote "Site (3ff3a648…7222a3)". The log now names such a key as they do; a label no
 * other key has (in the log or in the listing) stays as it is.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/ipc/contract-admin-keys.js';
import { resetRenderer, settings } from '../../test-utils/scenario.js';
import { useUiStore } from '../../state/ui-store.js';
import { key, keysApp, plain } from './keys-test-kit.js';

beforeEach(() => {
  resetRenderer();
  useUiStore.setState({ screen: 'keys' });
});
afterEach(() => cleanup());

const at = '2026-11-29T19:44:00.000Z';
const entry = (keyId: string, label: string, action: AuditEntry['action'] = 'limit'): AuditEntry => ({
  at,
  connectionId: 'c',
  connectionName: 'Equipe Brasil',
  action,
  keyId,
  label,
  before: action === 'limit' ? 'no limit' : null,
  after: action === 'limit' ? '1000000' : label,
});

const SITE_A = '3ff3a648aa10bb7222a3';
const SITE_B = '9c1d2e3f4a5b6c7d8e9f';
const SITE_CLI = '51d0c0ffee0000ab12cd';

/** The Key column of the change log's rows, newest first, without the isolates. */
async function keyCells(words = { log: 'Changes made with Verso', rows: 'Changes, newest first' }): Promise<string[]> {
  const log = within(await screen.findByRole('region', { name: words.log }));
  const rows = within(await log.findByRole('rowgroup', { name: words.rows })).getAllByRole('row');
  return rows.map((r) => plain(r.children[3]!.textContent));
}

describe('the change log names keys that share a label', () => {
  it('writes the short id beside a label two logged keys have, and a label of one key as it is', async () => {
    keysApp(() => [key(1, { keyId: SITE_A, label: 'Site' }), key(2, { keyId: SITE_B, label: 'Site' }), key(3, { label: 'App móvel' })], {
      'adminKeys.audit': () => [entry(SITE_A, 'Site', 'create'), entry(SITE_A, 'Site'), entry(SITE_B, 'Site'), entry('k3', 'App móvel')],
    });
    expect(await keyCells()).toEqual(['App móvel', 'Site (9c1d2e3f…7d8e9f)', 'Site (3ff3a648…7222a3)', 'Site (3ff3a648…7222a3)']);
  });

  it('writes the id when the other key with that label is only in the listing (made elsewhere), not when one key has several entries', async () => {
    keysApp(() => [key(1, { keyId: SITE_A, label: 'Site' }), key(4, { keyId: SITE_CLI, label: 'Site' }), key(3, { label: 'App móvel' })], {
      'adminKeys.audit': () => [entry(SITE_A, 'Site', 'create'), entry(SITE_A, 'Site'), entry('k3', 'App móvel', 'create'), entry('k3', 'App móvel')],
    });
    expect(await keyCells()).toEqual(['App móvel', 'App móvel', 'Site (3ff3a648…7222a3)', 'Site (3ff3a648…7222a3)']);
  });

  it('does the same in a Portuguese UI', async () => {
    keysApp(() => [key(1, { keyId: SITE_A, label: 'Site' }), key(2, { keyId: SITE_B, label: 'Site' })], {
      'settings.get': () => settings({ uiLanguage: 'pt-BR' }),
      'adminKeys.audit': () => [entry(SITE_A, 'Site'), entry(SITE_B, 'Site')],
    });
    const pt = { log: 'Alterações feitas com o Verso', rows: 'Alterações, mais recentes primeiro' };
    expect(await keyCells(pt)).toEqual(['Site (9c1d2e3f…7d8e9f)', 'Site (3ff3a648…7222a3)']);
  });
});
