/**
 * Renderer component: a screen's title, with the connection it shows under it ("Connection: This computer
 * (offline)"), so a user with several connections knows which account's documents, glossaries or keys are listed
 * and where a document would be sent. The connection is the active one unless the screen names another (Keys names
 * the one its answer is about, which can lag the switcher by a moment).
 */
import { useT } from '../i18n/index.js';
import { isolate } from '../lib/bidi.js';
import { useConnectionName } from '../lib/local-names.js';
import { useConnections } from '../lib/queries.js';

export function ScreenTitle({ title, connectionName }: { title: string; connectionName?: string | null }) {
  const t = useT();
  const connections = useConnections();
  const shownName = useConnectionName();
  const activeId = connections.data?.activeId ?? null;
  const stored = connectionName ?? connections.data?.connections.find((c) => c.id === activeId)?.name;
  return (
    <div className="screen-title">
      <h1>{title}</h1>
      {stored ? <p className="hint">{t('app.screen.connection', { name: isolate(shownName(stored)) })}</p> : null}
    </div>
  );
}
