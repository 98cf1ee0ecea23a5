// @vitest-environment happy-dom
/**
 * Component tests (issue 24, points 3 and 6) of the style rule lists on the Glossaries screen, against a fake main
 * that keeps the lists and announces each change (`customisation.styleRulesChanged`) as main does: rename and delete
 * (asks first) send their call and the table shows the result; the seven configured_rules groups are the choices of
 * a rule and a saved rule is sent under its group; a custom instruction is edited and removed; on the local engine
 * the section says the lists do not change its translations.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ar from '../../../shared/i18n/ar/index.js';
import en from '../../../shared/i18n/en/index.js';
import { compileCatalog } from '../../../shared/i18n/compile.js';
import type { Capabilities, StyleRuleView } from '../../../shared/ipc/contract-customisation.js';
import { installTestI18n } from '../../i18n/index.js';
import type { FakeApi, Handlers } from '../../test-utils/fake-api.js';
import {
  capabilities,
  HOSTED_CONNECTION,
  LOCAL_CONNECTION,
  renderApp,
  settings,
} from '../../test-utils/scenario.js';
import { fakeAccount, onGlossariesScreen } from './glossaries-test-kit.js';

const HOUSE = '5e000000-0000-4000-8000-000000000001';
const LEGAL = '5e000000-0000-4000-8000-000000000002';
const TONE = '1c000000-0000-4000-8000-000000000001';
const FORMAL = '1c000000-0000-4000-8000-000000000002';

const HOSTED = HOSTED_CONNECTION;

const caps = (connectionId: string): Capabilities => capabilities({ connectionId, styleRules: true });

function styleAccount() {
  let rules: StyleRuleView[] = [
    {
      styleId: HOUSE,
      name: 'House style',
      language: 'DE',
      version: 1,
      updatedTime: null,
      configuredRules: { punctuation: { quotation_mark: 'use_guillemets' } },
      customInstructions: [
        { id: TONE, label: 'Tone', prompt: 'Use a friendly tone.', sourceLanguage: null },
        { id: FORMAL, label: 'Formal', prompt: 'Address the reader as Sie.', sourceLanguage: null },
      ],
    },
    {
      styleId: LEGAL,
      name: 'Legal',
      language: 'FR',
      version: 1,
      updatedTime: null,
      configuredRules: {},
      customInstructions: [],
    },
  ];
  const box: { app: FakeApi | null } = { app: null };
  const change = (styleId: string, patch: (r: StyleRuleView) => StyleRuleView): StyleRuleView => {
    rules = rules.map((r) => (r.styleId === styleId ? patch(r) : r));
    // Main announces every change; the screen refreshes its lists on it.
    queueMicrotask(() => box.app?.emit('customisation.styleRulesChanged', { styleId }));
    return rules.find((r) => r.styleId === styleId)!;
  };
  const handlers: Handlers = {
    ...fakeAccount([]).handlers,
    'customisation.capabilities': () => caps(LOCAL_CONNECTION.id),
    'customisation.styleRules': () => rules,
    'customisation.styleRuleRename': ({ styleId, name }) => change(styleId, (r) => ({ ...r, name })),
    'customisation.styleRuleDelete': ({ styleId }) => {
      rules = rules.filter((r) => r.styleId !== styleId);
      queueMicrotask(() => box.app?.emit('customisation.styleRulesChanged', { styleId }));
      return { removed: true };
    },
    'customisation.styleRuleConfigure': ({ styleId, configuredRules }) =>
      change(styleId, (r) => ({ ...r, configuredRules })),
    'customisation.instructionUpdate': ({ styleId, instructionId, label, prompt }) =>
      change(styleId, (r) => ({
        ...r,
        customInstructions: r.customInstructions.map((c) =>
          c.id === instructionId ? { ...c, label, prompt } : c,
        ),
      })),
    'customisation.instructionRemove': ({ styleId, instructionId }) =>
      change(styleId, (r) => ({
        ...r,
        customInstructions: r.customInstructions.filter((c) => c.id !== instructionId),
      })),
  };
  return {
    render(overrides: Handlers = {}) {
      const app = renderApp({ ...handlers, ...overrides });
      box.app = app;
      return app;
    },
  };
}

onGlossariesScreen();

const section = () => screen.getByRole('region', { name: 'Style rules' });
const styleRows = () =>
  within(within(section()).getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('th, td')].slice(0, 3).map((c) => c.textContent));
const editor = () => screen.getByRole('region', { name: /^Style rule list “/ });

describe('style rule lists on the Glossaries screen', () => {
  it('lists name, language and number of custom instructions', async () => {
    styleAccount().render();
    // The first test of the file waits for the lazily loaded screen on a shared machine.
    await screen.findByRole('region', { name: 'Style rules' }, { timeout: 15_000 });
    await waitFor(() =>
      expect(styleRows()).toEqual([
        ['House style', 'German', '2 custom instructions'],
        ['Legal', 'French', '0 custom instructions'],
      ]),
    );
  });

  it('Rename sends styleRuleRename and the list shows the new name', async () => {
    const user = userEvent.setup();
    const app = styleAccount().render();
    await user.click(await screen.findByRole('button', { name: 'Edit the style rule list House style' }));
    const name = within(editor()).getAllByRole('textbox', { name: 'Name' })[0]!;
    await user.clear(name);
    await user.type(name, 'Brand voice');
    await user.click(within(editor()).getByRole('button', { name: 'Rename' }));
    await waitFor(() =>
      expect(app.callsOf('customisation.styleRuleRename')).toEqual([{ styleId: HOUSE, name: 'Brand voice' }]),
    );
    expect(await within(editor()).findByRole('status')).toHaveProperty('textContent', 'Saved.');
    await waitFor(() =>
      expect(editor().querySelector('h3')!.textContent).toBe('Style rule list “Brand voice” (German)'),
    );
    await user.click(within(editor()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(styleRows().map((r) => r[0])).toEqual(['Brand voice', 'Legal']));
  });

  it('Delete asks first, sends styleRuleDelete for that list, and the list no longer shows it', async () => {
    const user = userEvent.setup();
    const app = styleAccount().render();
    await user.click(await screen.findByRole('button', { name: 'Delete the style rule list House style' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Delete the style rule list House style?');
    expect(app.callsOf('customisation.styleRuleDelete')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(app.callsOf('customisation.styleRuleDelete')).toEqual([{ styleId: HOUSE }]));
    await waitFor(() => expect(styleRows().map((r) => r[0])).toEqual(['Legal']));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('offers the seven configured_rules groups and saves a rule under the group chosen', async () => {
    const user = userEvent.setup();
    const app = styleAccount().render();
    await user.click(await screen.findByRole('button', { name: 'Edit the style rule list House style' }));
    await user.click(within(editor()).getByRole('button', { name: 'Add rule' }));
    const groups = within(editor()).getAllByRole('combobox', { name: 'Group' }) as HTMLSelectElement[];
    expect(groups).toHaveLength(2);
    expect([...groups[1]!.options].map((o) => o.textContent)).toEqual([
      'Dates and times',
      'Formatting',
      'Numbers',
      'Punctuation',
      'Spelling and grammar',
      'Style and tone',
      'Vocabulary',
    ]);
    await user.selectOptions(groups[1]!, 'Numbers');
    await user.type(within(editor()).getAllByRole('textbox', { name: 'Rule' })[1]!, 'decimal_separator');
    await user.type(within(editor()).getAllByRole('textbox', { name: 'Option' })[1]!, 'use_comma');
    await user.click(within(editor()).getByRole('button', { name: 'Save rules' }));
    await waitFor(() =>
      expect(app.callsOf('customisation.styleRuleConfigure')).toEqual([
        {
          styleId: HOUSE,
          configuredRules: {
            punctuation: { quotation_mark: 'use_guillemets' },
            numbers: { decimal_separator: 'use_comma' },
          },
        },
      ]),
    );
    expect(await within(editor()).findByRole('status')).toHaveProperty('textContent', 'Saved.');
  });

  it('edits a custom instruction and removes another; the list counts what is left', async () => {
    const user = userEvent.setup();
    const app = styleAccount().render();
    await user.click(await screen.findByRole('button', { name: 'Edit the style rule list House style' }));
    const prompts = within(editor()).getAllByRole('textbox', { name: 'Instruction' });
    expect(prompts.map((p) => (p as HTMLTextAreaElement).value)).toEqual([
      'Use a friendly tone.',
      'Address the reader as Sie.',
    ]);
    await user.clear(prompts[0]!);
    await user.type(prompts[0]!, 'Keep sentences short.');
    await user.click(within(editor()).getAllByRole('button', { name: 'Save instruction' })[0]!);
    await waitFor(() =>
      expect(app.callsOf('customisation.instructionUpdate')).toEqual([
        { styleId: HOUSE, instructionId: TONE, label: 'Tone', prompt: 'Keep sentences short.' },
      ]),
    );

    await user.click(within(editor()).getByRole('button', { name: 'Remove the instruction Formal' }));
    await waitFor(() =>
      expect(app.callsOf('customisation.instructionRemove')).toEqual([
        { styleId: HOUSE, instructionId: FORMAL },
      ]),
    );
    await waitFor(() =>
      expect(
        within(editor())
          .getAllByRole('textbox', { name: 'Instruction' })
          .map((p) => (p as HTMLTextAreaElement).value),
      ).toEqual(['Keep sentences short.']),
    );
    await user.click(within(editor()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(styleRows()[0]).toEqual(['House style', 'German', '1 custom instruction']));
  });

  it('says on the local engine (only there) that the lists do not change its translations', async () => {
    const note =
      'The local engine keeps style rule lists and checks their language, but they do not change its translations.';
    styleAccount().render();
    await screen.findByRole('region', { name: 'Style rules' });
    expect(within(section()).getByText(note)).toBeTruthy();
    cleanup();
    styleAccount().render({
      'connections.status': () => ({ activeId: HOSTED.id, state: 'ready' }),
      'connections.list': () => ({ connections: [HOSTED], activeId: HOSTED.id }),
      'customisation.capabilities': () => caps(HOSTED.id),
    });
    await waitFor(() => expect(screen.getByRole('region', { name: 'Style rules' })).toBeTruthy());
    await waitFor(() => expect(within(section()).getByRole('table')).toBeTruthy());
    expect(within(section()).queryByText(note)).toBeNull();
  });

  describe('in the Arabic UI', () => {
    beforeEach(() => installTestI18n('ar', compileCatalog(en), compileCatalog(ar)));
    afterEach(() => installTestI18n('en', compileCatalog(en)));

    it("keeps the service's rule and option names left to right: in the hint's example and in the fields", async () => {
      const user = userEvent.setup();
      styleAccount().render({ 'settings.get': () => settings({ uiLanguage: 'ar' }) });
      const editName = ar['customisation.styles.editNamed'].replace('{name}', 'House style');
      await user.click(await screen.findByRole('button', { name: editName }, { timeout: 15_000 }));
      const rules = await screen.findByRole('group', { name: ar['customisation.styles.rules'] });
      // The example «quotation_mark» = «use_guillemets» was shown as «= »quotation_mark use_guillemets«» in the
      // Arabic sentence: each name is isolated, so it keeps its order and its place between the quotes.
      const hint = rules.querySelector('p.hint')!;
      expect(hint.textContent).toContain('\u2068quotation_mark\u2069');
      expect(hint.textContent).toContain('\u2068use_guillemets\u2069');
      expect(hint.textContent!.replace(/[\u2068\u2069]/g, '')).toBe(ar['customisation.styles.rulesHint']);
      const rule = within(rules).getByRole('textbox', {
        name: ar['customisation.styles.ruleName'],
      }) as HTMLInputElement;
      expect(rule.value).toBe('quotation_mark');
      expect(rule.getAttribute('dir')).toBe('ltr');
      expect(
        within(rules).getByRole('textbox', { name: ar['customisation.styles.option'] }).getAttribute('dir'),
      ).toBe('ltr');
    });
  });
});
