/**
 * Renderer screen: first run (no connection yet). Offers the local engine (the default, shows what it can
 * translate), a key for the hosted service, or a custom base address; each choice opens its form.
 */
import { useState } from 'react';
import { AddConnectionForm, type ConnectionChoice } from '../components/AddConnectionForm.js';
import { LocalEngineMissing } from '../components/LocalEngineMissing.js';
import { useT, type MessageId } from '../i18n/index.js';

const CHOICES: { id: ConnectionChoice; title: MessageId; text: MessageId }[] = [
  { id: 'local', title: 'firstRun.local.title', text: 'firstRun.local.text' },
  { id: 'hosted', title: 'firstRun.hosted.title', text: 'firstRun.hosted.text' },
  { id: 'custom', title: 'firstRun.custom.title', text: 'firstRun.custom.text' },
];

export default function FirstRunScreen() {
  const t = useT();
  const [choice, setChoice] = useState<ConnectionChoice>('local');
  return (
    <main className="first-run" aria-labelledby="first-run-title">
      <div>
        <h1 id="first-run-title">{t('firstRun.title')}</h1>
        <p className="hint">{t('firstRun.intro')}</p>
      </div>
      <fieldset className="choice-list plain-fieldset">
        <legend className="visually-hidden">{t('firstRun.legend')}</legend>
        {CHOICES.map((c) => (
          <label key={c.id} className="card choice" data-selected={choice === c.id}>
            <input
              type="radio"
              name="connection-kind"
              value={c.id}
              checked={choice === c.id}
              onChange={() => setChoice(c.id)}
            />
            <span>
              <strong>{t(c.title)}</strong>
              <br />
              <span className="hint">{t(c.text)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {choice === 'local' && <LocalEngineMissing onChoose={setChoice} />}
      <section className="card" aria-label={t('firstRun.setup')}>
        <AddConnectionForm key={choice} kind={choice} localLabel={t('firstRun.start')} />
      </section>
    </main>
  );
}
