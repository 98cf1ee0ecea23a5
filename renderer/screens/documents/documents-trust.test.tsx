// @vitest-environment happy-dom
/**
 * Documents rows that tell the truth (issue 20, component tests against a fake VersoApi): an upload whose fate is
 * unknown (Verso stopped, or the connection dropped mid-upload) says the service may have it and that sending
 * again may be billed twice, and offers "Send again" (not a plain Retry); on the local engine rows and the
 * batch's estimate say nothing is billed (no 50,000 minimum, no "billed"), and a saved row says what made it
 * (Apertium's rule-based draft, through Spanish where it pivots); a document that failed for want of its
 * language offers a language on its row and retries with it; a password-protected file says so before upload, and
 * so does a package cut off part-way (removed from the batch, the rest is sent without it);
 * a name's tooltip is the file's own name, never a staging path.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DocumentJobView, DocumentsList, FileBridge } from '../../../shared/ipc/contract-documents.js';
import { useUiStore } from '../../state/ui-store.js';
import { renderApp, resetRenderer, SOURCES, TARGETS } from '../../test-utils/scenario.js';
import { onDocumentsScreen } from './documents-test-kit.js';

const EMPTY_SUMMARY = { saved: 0, active: 0, failed: 0, cancelled: 0, billedCharacters: 0 };
const bridge: FileBridge = { kind: 'stage', toPath: async (f) => `/home/u/.config/Verso/staging/0f3a/${f.name}` };

onDocumentsScreen(bridge);

function job(patch: Partial<DocumentJobView>): DocumentJobView {
  return {
    jobId: 'j1',
    batchId: 'b1',
    fileName: 'report.docx',
    sourcePath: '/home/u/.config/Verso/staging/0f3a/report.docx',
    sizeBytes: 1000,
    sourceLang: 'EN',
    targetLang: 'FR',
    outputFormat: null,
    state: 'saved',
    estimatedCharacters: 50_000,
    uploaded: true,
    uploads: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    connectionId: 'c-local',
    ...patch,
  };
}

const list = (...jobs: DocumentJobView[]): DocumentsList => ({
  jobs,
  summary: { ...EMPTY_SUMMARY, saved: jobs.filter((j) => j.state === 'saved').length, failed: jobs.filter((j) => j.state === 'error').length },
});

const base = (jobs: DocumentJobView[], pseudo = false) => ({
  'documents.list': () => list(...jobs),
  'documents.prefs': () => ({ defaultOutputDir: '/home/u/Documents/Verso translations', concurrency: 2, maxFileMb: 100, keysPersist: true }),
  'localService.languages': () => ({ source: SOURCES, target: TARGETS, pseudo }),
  // The local service names the pivot of the pairs Apertium reaches through Spanish.
  'languages.pairs': () => ({
    pairs: [
      { source: 'EN', target: 'ES' },
      { source: 'EN', target: 'FR', via: 'ES' },
    ],
  }),
});

/** A local job sent without a source language into French that failed with `error`. */
const failedIntoFrench = (error: NonNullable<DocumentJobView['error']>) =>
  job({ state: 'error', sourceLang: null, targetLang: 'FR', uploaded: true, local: true, error });

// The first render transforms the lazy screen on a shared machine: allow it more than the default wait.
const row = (name: RegExp) => screen.findByRole('listitem', { name }, { timeout: 15_000 });

describe('uploads whose fate is unknown', () => {
  for (const code of ['upload_interrupted', 'upload_uncertain'] as const) {
    it(`${code}: says the service may have it and sending again may be billed twice; "Send again" retries only when clicked`, async () => {
      const user = userEvent.setup();
      const failed = job({ state: 'error', uploaded: false, error: { code }, connectionId: 'c-hosted', local: undefined });
      const fake = renderApp({ ...base([failed]), 'documents.retry': () => job({ state: 'waiting', uploaded: false }) } as never);
      const sendAgain = await screen.findByRole('button', { name: 'Send again' }, { timeout: 15_000 });
      expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
      const text = (await row(/report\.docx/)).textContent ?? '';
      expect(text).toMatch(/may have received it/);
      expect(text).toMatch(/billed twice/);
      expect(text).toMatch(/Nothing is sent until you choose Send again|nothing is sent until you choose Send again/);
      expect(fake.callsOf('documents.retry')).toEqual([]);
      await user.click(sendAgain);
      await waitFor(() => expect(fake.callsOf('documents.retry')).toEqual([{ jobId: 'j1' }]));
    });
  }
});

describe('a translation whose key was lost with a restart', () => {
  // Seen on a Dutch tour after a crash: "Key lost" and "Retry" beside two "Upload interrupted" rows with "Send
  // again", for the same action; the words did not say the service already had (and billed) the document.
  it('says what happened and that sending again is billed again, under the same "Send again" as an interrupted upload', async () => {
    const user = userEvent.setup();
    const lost = job({ state: 'error', uploaded: true, error: { code: 'key_lost' }, connectionId: 'c-hosted', local: undefined });
    const fake = renderApp({ ...base([lost]), 'documents.retry': () => job({ state: 'waiting', uploaded: false }) } as never);
    const sendAgain = await screen.findByRole('button', { name: 'Send again' }, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    const text = (await row(/report\.docx/)).textContent ?? '';
    expect(text).toMatch(/Translation not fetched: Verso restarted/);
    expect(text).toMatch(/already has the document and may have billed it: Send again translates it anew, which is billed again/);
    expect(text).not.toMatch(/Key lost/);
    expect(fake.callsOf('documents.retry')).toEqual([]);
    await user.click(sendAgain);
    await waitFor(() => expect(fake.callsOf('documents.retry')).toEqual([{ jobId: 'j1' }]));
  });

  it('on the local engine, says nothing is billed', async () => {
    renderApp(base([job({ state: 'error', uploaded: true, local: true, error: { code: 'key_lost' } })]) as never);
    const r = await row(/report\.docx/);
    expect(r.textContent).toMatch(/The local engine bills nothing: Send again translates it anew\./);
    expect(r.textContent).not.toMatch(/billed again/);
    expect(within(r).getByRole('button', { name: 'Send again' })).toBeTruthy();
  });
});

describe('the local engine bills nothing', () => {
  it('an upload to the local engine that stopped half-way does not speak of billing; Send again is still asked for', async () => {
    renderApp(base([job({ state: 'error', uploaded: false, local: true, error: { code: 'upload_interrupted' } })]) as never);
    const r = await row(/report\.docx/);
    expect(r.textContent).toMatch(/The local engine bills nothing: Send again translates it\./);
    expect(r.textContent).not.toMatch(/billed twice/);
    expect(within(r).getByRole('button', { name: 'Send again' })).toBeTruthy();
  });

  it('cancelling a running document on the local engine says the local engine has it and bills nothing; keep or discard', async () => {
    // Seen on a French tour: the question said the document was at the service and billed; its row, "Not billed".
    const user = userEvent.setup();
    const fake = renderApp({
      ...base([job({ state: 'translating', uploaded: true, local: true })]),
      'documents.cancel': () => job({ state: 'cancelled', uploaded: true, local: true }),
    } as never);
    const r = await row(/report\.docx/);
    expect(r.textContent).toMatch(/Not billed \(local engine\)/);
    await user.click(within(r).getByRole('button', { name: 'Cancel' }));
    const question = within(r).getByRole('alert');
    expect(question.textContent).toMatch(/^The local engine on this computer is already translating this document; nothing is billed\./);
    expect(question.textContent).not.toMatch(/at the service|are billed/);
    await user.click(within(question).getByRole('button', { name: 'Discard it' }));
    await waitFor(() => expect(fake.callsOf('documents.cancel')).toEqual([{ jobId: 'j1', discard: true }]));
  });

  it('a saved local row says "Not billed" and what made it (Apertium, through Spanish for EN→FR); a hosted row shows the service figure', async () => {
    renderApp(base([job({ local: true }), job({ jobId: 'j2', fileName: 'offer.docx', connectionId: 'c-hosted', billedCharacters: 51_234 })]) as never);
    const local = await row(/report\.docx/);
    expect(local.textContent).toMatch(/Not billed \(local engine\)/);
    expect(local.textContent).not.toMatch(/50,000|billed\b(?! \()/);
    expect(await within(local).findByText(/Rule-based draft by Apertium on this computer, translated through Spanish/)).toBeTruthy();
    const hosted = await row(/offer\.docx/);
    // Hosted jobs in the list: the summary counts what the services billed.
    expect(screen.getByText(/characters billed\.$/, { selector: '.doc-summary' })).toBeTruthy();
    expect(hosted.textContent).toMatch(/51,234 characters billed/);
    expect(hosted.textContent).not.toMatch(/Apertium/);
  });

  it('a direct pair is labelled without a pivot; the test engine says it is a pseudo-translation', async () => {
    renderApp(base([job({ local: true, targetLang: 'ES' })]) as never);
    expect(await screen.findByText('Rule-based draft by Apertium on this computer: check it before use.')).toBeTruthy();
    expect(screen.getByText('1 saved, 0 in progress, 0 failed; nothing billed on the local engine.')).toBeTruthy();
    cleanup();
    resetRenderer();
    useUiStore.setState({ screen: 'documents' });
    renderApp(base([job({ local: true })], true) as never);
    expect(await screen.findByText(/Pseudo-translation by the test engine/)).toBeTruthy();
  });

  it('the batch estimate on the local engine: no minimum, no billed characters, no quota', async () => {
    const user = userEvent.setup();
    renderApp({
      ...base([]),
      'documents.inspect': () => ({
        skipped: 0,
        files: [
          { path: '/s/report.docx', name: 'report.docx', extension: 'docx', sizeBytes: 2048, ok: true, estimatedCharacters: 50_000, minimumBilled: true, exact: false, image: false },
          { path: '/s/deck.pptx', name: 'deck.pptx', extension: 'pptx', sizeBytes: 2048, ok: true, estimatedCharacters: 50_000, minimumBilled: true, exact: false, image: false },
        ],
      }),
    } as never);
    await user.upload(await screen.findByTestId('documents-file-input'), [new File(['x'], 'report.docx'), new File(['x'], 'deck.pptx')]);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('row', { name: /report\.docx/ }).textContent).toMatch(/not billed/);
    expect(table.textContent).not.toMatch(/50,000/);
    expect(screen.queryByText(/billed at least 50,000 characters/)).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'German' }));
    expect(screen.getByText(/2 files × 1 language on the local engine: nothing is billed, there is no minimum\./)).toBeTruthy();
    expect(screen.queryByText(/Estimated:/)).toBeNull();
  });
});

describe('errors that say what to do', () => {
  it('a document that failed for want of its language offers a language on its row and retries with it', async () => {
    const user = userEvent.setup();
    const failed = job({ state: 'error', sourceLang: null, uploaded: true, local: true, error: { code: 'source_needed', detail: 'could not be detected' } });
    const fake = renderApp({ ...base([failed]), 'documents.retry': () => job({ state: 'waiting', sourceLang: 'EN' }) } as never);
    expect(await screen.findByText('Language of the document needed')).toBeTruthy();
    expect(screen.getByText(/could not tell which language this document is in/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    const go = screen.getByRole('button', { name: 'Translate from this language' }) as HTMLButtonElement;
    expect(go.disabled).toBe(true);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language of \u2068report.docx\u2069' }), 'EN');
    await user.click(go);
    await waitFor(() => expect(fake.callsOf('documents.retry')).toEqual([{ jobId: 'j1', sourceLang: 'EN' }]));
  });

  it("offers only the languages the connection translates into the row's target, with the service's words behind Details", async () => {
    const failed = failedIntoFrench({ code: 'source_needed', detail: 'The document’s source language could not be detected' });
    renderApp(base([failed]) as never);
    const choice = await screen.findByRole('combobox', { name: 'Language of \u2068report.docx\u2069' });
    // The pairs reach French from English only: German, Bulgarian (no pair) and French (the target) would fail again.
    await waitFor(() => expect([...choice.querySelectorAll('option')].map((o) => o.value)).toEqual(['', 'EN']));
    // The cause in the UI language comes first; the service's English sits in a closed disclosure after it.
    const said = screen.getByText(/The service said: The document’s source language/);
    const details = said.closest('details')!;
    expect(details.open).toBe(false);
    const hint = screen.getByText(/could not tell which language this document is in/);
    expect(hint.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('a detected language the connection cannot translate into the target is named, not called undetectable', async () => {
    // Seen on a tour: an English file sent to Danish on the local engine said the service could not tell its language.
    const user = userEvent.setup();
    const failed = failedIntoFrench({
      code: 'pair_unavailable',
      lang: 'DE',
      detail: 'The document was detected as German (DE), and the local engine cannot translate German into French.',
    });
    const fake = renderApp({ ...base([failed]), 'documents.retry': () => job({ state: 'waiting', sourceLang: 'EN' }) } as never);
    expect(await screen.findByText('Language pair not available')).toBeTruthy();
    expect(
      screen.getByText(
        'The service read this document as German, and this connection does not translate German into French. Translate it into another language, or choose its real language below if it is not German.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/could not tell which language/)).toBeNull();
    // Retry would meet the same refusal: the row offers the document's real language instead.
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    const choice = await screen.findByRole('combobox', { name: 'Language of \u2068report.docx\u2069' });
    await waitFor(() => expect([...choice.querySelectorAll('option')].map((o) => o.value)).toEqual(['', 'EN']));
    await user.selectOptions(choice, 'EN');
    await user.click(screen.getByRole('button', { name: 'Translate from this language' }));
    await waitFor(() => expect(fake.callsOf('documents.retry')).toEqual([{ jobId: 'j1', sourceLang: 'EN' }]));
  });

  it('a language the user gave that the connection cannot translate into the target is said with both names', async () => {
    const refused = job({ state: 'error', sourceLang: 'DE', targetLang: 'FR', local: true, error: { code: 'pair_unavailable', status: 400, detail: 'The local engine cannot translate DE into FR.' } });
    renderApp(base([refused]) as never);
    expect(
      await screen.findByText(
        'This connection does not translate German into French. Translate the document into another language, or use a connection that has this pair.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Refused by the service/)).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Language of \u2068report.docx\u2069' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it("a failure in the service's own words points to them under Details, not to a message above that is not there", async () => {
    // Seen on a keyboard tour: "check the message above" with nothing above, the reason folded under Details.
    renderApp(base([failedIntoFrench({ code: 'translation_failed', detail: 'The Word document (docx) could not be opened.' })]) as never);
    expect(await screen.findByText("The service's reason is under Details; Retry uploads the document again.")).toBeTruthy();
    expect(screen.getByText('Details', { selector: 'summary' })).toBeTruthy();
    expect(screen.queryByText(/message above/)).toBeNull();
  });

  it('a password-protected file is named as such before anything is sent', async () => {
    const user = userEvent.setup();
    renderApp({
      ...base([]),
      'documents.inspect': () => ({
        skipped: 0,
        files: [{ path: '/s/locked.docx', name: 'locked.docx', extension: 'docx', sizeBytes: 2048, ok: false, problem: 'password_protected', looksLike: 'ole', estimatedCharacters: 0, minimumBilled: true, exact: false, image: false }],
      }),
    } as never);
    await user.upload(await screen.findByTestId('documents-file-input'), [new File(['x'], 'locked.docx')]);
    const r = within(await screen.findByRole('table')).getByRole('row', { name: /locked\.docx/ });
    expect(r.textContent).toMatch(/Password-protected: save a copy without the password/);
    expect(r.textContent).not.toMatch(/old|looks like/i);
  });

  it('a file cut off part-way is named as incomplete before anything is sent; removed, the rest of the batch goes', async () => {
    const user = userEvent.setup();
    const fake = renderApp({
      ...base([]),
      'documents.inspect': () => ({
        skipped: 0,
        files: [
          { path: '/s/report.docx', name: 'report.docx', extension: 'docx', sizeBytes: 4096, ok: true, estimatedCharacters: 50_000, minimumBilled: true, exact: false, image: false },
          { path: '/s/cut.docx', name: 'cut.docx', extension: 'docx', sizeBytes: 2048, ok: false, problem: 'incomplete', looksLike: 'zip', estimatedCharacters: 50_000, minimumBilled: true, exact: false, image: false },
        ],
      }),
      'documents.enqueue': () => list(job({ state: 'waiting', uploaded: false })),
    } as never);
    await user.upload(await screen.findByTestId('documents-file-input'), [new File(['x'], 'report.docx'), new File(['x'], 'cut.docx')]);
    const table = await screen.findByRole('table');
    const r = within(table).getByRole('row', { name: /cut\.docx/ });
    expect(r.textContent).toMatch(/Incomplete or damaged: the end of the file is missing/);
    expect(r.textContent).toMatch(/Copy it again, or open it in its program and save it again/);
    expect(r.textContent).not.toMatch(/looks like|ZIP archive|Password/i);
    await user.click(within(table).getByRole('button', { name: 'Remove \u2068cut.docx\u2069 from this batch' }));
    expect(within(table).queryByRole('row', { name: /cut\.docx/ })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'German' }));
    await user.click(screen.getByRole('button', { name: 'Translate 1 document' }));
    await waitFor(() => expect(fake.callsOf('documents.enqueue')).toHaveLength(1));
    expect(fake.callsOf('documents.enqueue')[0]).toMatchObject({ paths: ['/s/report.docx'] });
  });

  it("a row's name tooltip is the file's own name, never the staging path", async () => {
    renderApp(base([job({})]) as never);
    // The name is written in two parts (its extension kept on one line): matched on the whole text.
    const name = await screen.findByText((_, el) => el?.matches('.doc-row-name') === true && el.textContent === 'report.docx');
    expect(name.getAttribute('title')).toBe('report.docx');
    // A file's name runs in its own direction whatever the UI's ("report (final).docx" in the Arabic UI).
    expect(name.getAttribute('dir')).toBe('auto');
    expect(document.body.innerHTML).not.toContain('/staging/');
  });
});
