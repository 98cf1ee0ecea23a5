// @vitest-environment happy-dom
/**
 * Component tests (renderer, happy-dom) for what a Korean admin tour of the Keys screen found (900×700): keys of one
 * label could not be told apart where a key is picked or reviewed ("번역팀 / 번역팀" in "which key does … translate
 * with?", 17 × "Developer key" in the list of keys to deactivate, two "Set limit for 번역팀" buttons); Escape did not
 * close the Create, Limit and Deactivate panels; Korean lines broke inside words; and the Korean catalog said some
 * things wrongly (a particle fixed after the search text, "1 of these keys" for one key, a limit read as a count).
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
// A test reads the style sheet it checks (happy-dom applies none, and Vitest serves a .css import as empty text).
// eslint-disable-next-line no-restricted-imports
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { compileCatalog } from '../../../shared/i18n/compile.js';
import en from '../../../shared/i18n/en/index.js';
import ko from '../../../shared/i18n/ko/index.js';
import { createTranslator } from '../../../shared/i18n/translator.js';
import type { DeveloperKeyView } from '../../../shared/ipc/contract-admin-keys.js';
import { resetRenderer, settings } from '../../test-utils/scenario.js';
import { useUiStore } from '../../state/ui-store.js';
import { sharedLabels } from './key-names.js';
import { key, keysApp, listing, LOCAL, plain } from './keys-test-kit.js';

beforeEach(() => {
  resetRenderer();
  useUiStore.setState({ screen: 'keys' });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Two keys labelled 번역팀 (one with a long id, as the service makes them), one Build, one deactivated key. */
const LONG_ID = '1f2e3d4c-5b6a-4789-8a9b-0c1d2e3f4a5b:7c8d9e0f-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const TEAM_KEYS = (): DeveloperKeyView[] => [
  key(1, { label: '번역팀' }),
  key(2, { keyId: LONG_ID, label: '번역팀' }),
  key(3, { label: 'Build' }),
  key(4, { label: 'Old', isDeactivated: true }),
];

/** The names of the buttons, checkboxes and fields of the key rows. */
const rowNames = () =>
  [...document.querySelectorAll('[data-key-id]')].flatMap((row) =>
    [...row.querySelectorAll('button, input')].map((el) => el.getAttribute('aria-label') ?? plain(el.textContent)),
  );

describe('keys of one label', () => {
  it('are the labels that more than one key has, width and spaces aside, deactivated keys too', () => {
    expect([...sharedLabels(TEAM_KEYS())]).toEqual(['번역팀']);
    expect([...sharedLabels([key(1, { label: 'CI' }), key(2, { label: 'ci' })])]).toEqual([]);
    expect([...sharedLabels([key(1, { label: 'Ｗｅｂ' }), key(2, { label: 'Web', isDeactivated: true })])]).toEqual(['Web']);
  });

  it('are told apart by their short id in "which key does … translate with?"; a label of its own is shown as it is', async () => {
    keysApp(TEAM_KEYS, {
      'adminKeys.list': ({ connectionId }) => listing(connectionId, TEAM_KEYS(), [{ id: 'c-team', name: 'Team account' }]),
    });
    const select = (await screen.findByRole('combobox', { name: /Which key does/ })) as HTMLSelectElement;
    const options = [...select.options].map((o) => plain(o.textContent));
    expect(options).toEqual(['Choose a key…', '번역팀 (k1)', '번역팀 (1f2e3d4c…3d4e5f)', 'Build']);
    expect(new Set(options).size).toBe(options.length);
  });

  it('give every control of their rows a name of its own, with the short id; other rows keep their names', async () => {
    keysApp(TEAM_KEYS);
    await screen.findByRole('button', { name: 'Build' });
    expect(screen.getByRole('button', { name: 'Set the limit of 번역팀 (k1)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set the limit of 번역팀 (1f2e3d4c…3d4e5f)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Deactivate 번역팀 (k1)' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Select 번역팀 (k1)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy the key id of 번역팀 (k1)' })).toBeTruthy();
    // The label's own button (rename) says which key too, its words first.
    expect(screen.getByRole('button', { name: '번역팀 (k1)' }).textContent).toBe('번역팀');
    expect(screen.getByRole('button', { name: 'Set the limit of Build' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Deactivate Build' })).toBeTruthy();
    const names = rowNames();
    const repeated = names.filter((n, i) => names.indexOf(n) !== i && n !== 'Copy');
    expect(repeated).toEqual([]);
  });

  it('are told apart in the list of keys to deactivate and in the list of limit changes', async () => {
    keysApp(TEAM_KEYS);
    await screen.findByRole('button', { name: 'Build' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every active key shown' }));
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate…' }));
    const list = within(screen.getByRole('dialog')).getByRole('list', { name: 'These keys will be deactivated:' });
    expect(within(list).getAllByRole('listitem').map((li) => plain(li.textContent))).toEqual([
      '번역팀 (k1)',
      '번역팀 (1f2e3d4c…3d4e5f)',
      'Build',
    ]);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Set limit…' }));
    await userEvent.type(screen.getByLabelText('Characters per period'), '5,000');
    const changes = within(screen.getByRole('dialog')).getByText('This will change:').closest('div')!;
    expect(within(changes).getAllByRole('listitem').map((li) => plain(li.textContent))).toEqual([
      '번역팀 (k1): no limit → 5,000 characters a period',
      '번역팀 (1f2e3d4c…3d4e5f): no limit → 5,000 characters a period',
      'Build: no limit → 5,000 characters a period',
    ]);
  });

  it('are told apart in the title of a panel for one of them, and the label alone is what is typed to confirm', async () => {
    const app = keysApp(TEAM_KEYS, { 'adminKeys.deactivate': ({ keyId }) => key(1, { keyId, label: '번역팀', isDeactivated: true }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate 번역팀 (k1)' }));
    const dialog = screen.getByRole('dialog');
    expect(plain(within(dialog).getByRole('heading').textContent)).toBe('Deactivate 번역팀 (k1)');
    await userEvent.type(within(dialog).getByLabelText(/Type the key's label/), '번역팀');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(app.callsOf('adminKeys.deactivate')).toEqual([{ connectionId: LOCAL.id, keyId: 'k1' }]);
  });

  it('are told apart in Korean too', async () => {
    keysApp(TEAM_KEYS, {
      'settings.get': () => settings({ uiLanguage: 'ko' }),
      'adminKeys.list': ({ connectionId }) => listing(connectionId, TEAM_KEYS(), [{ id: 'c-team', name: 'Team account' }]),
    });
    const select = (await screen.findByRole('combobox', { name: /어떤 키로 번역하나요/ })) as HTMLSelectElement;
    expect([...select.options].slice(1).map((o) => plain(o.textContent))).toEqual(['번역팀 (k1)', '번역팀 (1f2e3d4c…3d4e5f)', 'Build']);
    expect(screen.getByRole('button', { name: '번역팀 (k1)의 한도 설정' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Build의 한도 설정' })).toBeTruthy();
  });
});

describe('Escape in a panel', () => {
  it('closes Limit and Deactivate as Cancel does, the focus back on the row’s button, nothing sent', async () => {
    const app = keysApp(() => [key(1, { label: 'Build' }), key(2, { label: 'Other' })]);
    const limit = await screen.findByRole('button', { name: 'Set the limit of Other' });
    await userEvent.click(limit);
    await userEvent.click(screen.getByRole('radio', { name: 'A number of characters' }));
    await userEvent.type(screen.getByLabelText('Characters per period'), '5,000');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Set the limit of Other' }));

    await userEvent.click(screen.getByRole('button', { name: 'Deactivate Other' }));
    await userEvent.type(screen.getByLabelText(/Type the key's label/), 'Oth');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Deactivate Other' }));

    // From a bulk panel, the focus goes back to the bulk bar's button.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every active key shown' }));
    await userEvent.click(screen.getByRole('button', { name: 'Set limit…' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Set limit…' }));
    expect(app.callsOf('adminKeys.setLimit')).toEqual([]);
    expect(app.callsOf('adminKeys.bulkSetLimit')).toEqual([]);
    expect(app.callsOf('adminKeys.deactivate')).toEqual([]);
  });

  it('closes Create before a key is made; once made, asks before its undelivered secret is lost', async () => {
    const app = keysApp(() => [key(1, { label: 'Build' })], {
      'adminKeys.create': () => ({ ...key(5, { label: 'CI' }), secretHeld: true }),
      'adminKeys.copyNewKey': () => ({ copied: true }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create key' }));
    await userEvent.type(screen.getByLabelText(/^Label \(optional/), 'CI');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Create key' }));
    expect(app.callsOf('adminKeys.create')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create' }));
    await vi.waitFor(() => expect(plain(document.activeElement?.textContent)).toBe('Key “CI” created.'));
    // The secret is neither copied nor saved: Escape asks, as Done does, its safe choice focused.
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep it open' }));
    // Escape on the question keeps the panel open (the safe choice), the focus back on Done.
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close and lose the secret' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Done' }));
    // Copied, Escape closes it as Done does.
    await userEvent.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(await screen.findByText('Copied to the clipboard.')).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Connection name'));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Create key' }));
  });

  it('does not close a panel when an input method uses it to end a composition', async () => {
    keysApp(() => [key(1, { label: 'Build' })]);
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate Build' }));
    const field = screen.getByLabelText(/Type the key's label/);
    fireEvent.keyDown(field, { key: 'Escape', isComposing: true });
    fireEvent.keyDown(field, { key: 'Escape', keyCode: 229 });
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Korean lines', () => {
  // happy-dom does not apply style sheets: the rules are read from app.css. What only a browser lays out (nothing
  // sticks out of the Keys screen at 900×700 in Korean) was checked on a screenshot.
  const rulesOf = () => {
    // The file's path from this test's own (happy-dom's URL resolves against its page, not the file).
    const here = decodeURIComponent(import.meta.url.replace(/^file:\/\//, '')).replace(/[^/]*$/, '');
    const css = readFileSync(`${here}../../styles/app.css`, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    return [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => ({ selector: m[1]!.trim(), body: m[2]! }));
  };

  it('break between words, never inside one, and a word longer than its line still wraps', () => {
    const rules = rulesOf();
    expect(rules.length).toBeGreaterThan(50);
    const body = rules.find((r) => /:lang\(ko\)/.test(r.selector) && /\bbody$/.test(r.selector));
    expect(body?.body).toMatch(/word-break:\s*keep-all/);
    expect(body?.body).toMatch(/overflow-wrap:\s*(break-word|anywhere)/);
  });

  it('break as usual in text being edited, as in Japanese', () => {
    const rules = rulesOf();
    const editing = rules.find((r) => /:lang\(ko\)/.test(r.selector) && /textarea/.test(r.selector));
    expect(editing?.body).toMatch(/word-break:\s*normal/);
  });
});

describe('the Korean catalog', () => {
  const compiledEn = compileCatalog(en);
  const t = createTranslator('ko', compileCatalog(ko), compiledEn).t;
  const all = ko as Record<string, string>;

  it('writes a particle after the search text that fits any text', () => {
    expect(t('keys.noMatch', { query: '홍길동' })).toBe('“홍길동”와(과) 일치하는 키가 없습니다.');
  });

  it('says of one key used by Verso that Verso uses it, not "1 of these keys"', () => {
    expect(t('keys.used.title', { count: 1 })).toBe('Verso가 직접 이 키를 사용합니다');
    expect(t('keys.used.title', { count: 3 })).toBe('이 키 중 3개를 Verso가 직접 사용합니다');
    expect(t('documents.tooManyAdd', { count: 1 })).toBe('문서 1개 추가');
    expect(t('documents.tooManyAdd', { count: 250 })).toBe('문서 250개 모두 추가');
  });

  it('says how many keys are active and the most there may be, not "2 of 25 keys"', () => {
    expect(t('keys.create.labelHint', { active: 2, max: 25 })).toBe('현재 활성 키는 2개이며, 최대 25개까지 둘 수 있습니다.');
    expect(t('keys.activeCount', { active: 2, max: 25 })).toBe('활성 키 2개(최대 25개)');
  });

  it('names the secure key store one way', () => {
    const named = Object.entries(all).filter(([, m]) => /키 저장소/.test(m));
    expect(named.length).toBeGreaterThan(3);
    expect(named.filter(([, m]) => /(?<!보안 )키 저장소/.test(m))).toEqual([]);
  });

  it('counts characters with 자 after a number, never 문자', () => {
    expect(Object.entries(all).filter(([, m]) => /(\d|#|\})\s?문자/.test(m))).toEqual([]);
  });

  it('words the disclosure of the service’s own message naturally, and ends sentences with a period', () => {
    expect(all['keys.error.detailsService']).toBe('서비스 원문 메시지(영어)');
    for (const id of ['keys.exported', 'history.saved', 'translate.segments.saved', 'glossaries.export.saved', 'usage.exported']) {
      expect(all[id], id).toMatch(/습니다\.$/);
    }
  });

  it('does not say Verso twice in the "used by Verso" cell of a card', () => {
    for (const id of ['keys.usage.none', 'keys.usage.unknown']) {
      expect(`${all['keys.table.usedBy']}: ${all[id]}`.match(/Verso/g), id).toHaveLength(1);
    }
  });

  it('writes particles after a name that fit any name', () => {
    // A name, label or text put in (not a count: "#개를" is always right) followed by a particle that depends on its
    // last sound: 은/는, 이/가, 을/를, 와/과, 로/으로. {https} and {http} are the fixed "https://" and "http://", and
    // {percent} always ends in "%" (퍼센트).
    const bad = Object.entries(all).filter(([, m]) => /\{(?!(https?|percent)\})\w+\}[”’\]]?(은|는|이|가|을|를|와|과|로)(?![(가-힣])/.test(m));
    expect(bad).toEqual([]);
  });
});
