/**
 * Renderer screen: first run (no connection yet). Offers the local engine (the default, shows what it can
 * translate), a key for the hosted service, or a custom base address; each choice opens its form.
 */
import { useState } from 'react';
import { AddConnectionForm, type ConnectionChoice } from '../components/AddConnectionForm.js';

const CHOICES: { id: ConnectionChoice; title: string; text: string }[] = [
  {
    id: 'local',
    title: 'Local engine (recommended to start)',
    text: 'Translate offline on this computer. No account or key needed.',
  },
  {
    id: 'hosted',
    title: 'Hosted service with an API key',
    text: 'Best quality and all languages; uses the characters of your plan.',
  },
  {
    id: 'custom',
    title: 'Custom service address',
    text: 'A compatible service at another address, with its key.',
  },
];

export default function FirstRunScreen() {
  const [choice, setChoice] = useState<ConnectionChoice>('local');
  return (
    <main className="first-run" aria-labelledby="first-run-title">
      <div>
        <h1 id="first-run-title">Welcome to Verso</h1>
        <p className="hint">
          Choose how Verso translates. You can add more connections and switch between them later in Settings.
        </p>
      </div>
      <fieldset className="choice-list plain-fieldset">
        <legend className="visually-hidden">How Verso translates</legend>
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
              <strong>{c.title}</strong>
              <br />
              <span className="hint">{c.text}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <section className="card" aria-label="Set up the chosen connection">
        <AddConnectionForm key={choice} kind={choice} localLabel="Start translating with the local engine" />
      </section>
    </main>
  );
}
