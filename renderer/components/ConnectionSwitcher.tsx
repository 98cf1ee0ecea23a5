/**
 * Renderer component: picks the active connection. Switching is instant (main swaps the client); the caches of
 * languages and glossaries are keyed by connection, so the Translate screen refetches for the new one.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConnectionView } from '../../shared/ipc/contract.js';
import { useT } from '../i18n/index.js';
import { api, unwrap } from '../lib/api.js';
import { useConnectionName } from '../lib/local-names.js';
import { givenNameKey } from '../../shared/i18n/local-connection-name.js';
import { ErrorAlert } from './ErrorAlert.js';
import { keys, useConnections } from '../lib/queries.js';

export function ConnectionSwitcher() {
  const t = useT();
  const qc = useQueryClient();
  const connections = useConnections();
  // The connection last chosen here, shown until main has switched to it (or refused).
  const [chosen, setChosen] = useState<string | null>(null);
  const switchTo = useMutation({
    mutationFn: (id: string) => unwrap(api().connections.setActive({ id })),
    // Switches run one after another in the order asked (walking the list by arrow keys asks several), so the last
    // one asked for is the one that stays, whatever order the answers would otherwise come in.
    scope: { id: 'connections.setActive' },
    onSuccess: (state) => {
      qc.setQueryData(keys.connections, state);
      void qc.invalidateQueries({ queryKey: keys.status });
    },
    onSettled: (_state, _error, id) => setChosen((c) => (c === id ? null : c)),
  });
  const shown = useConnectionName();
  const list = connections.data?.connections ?? [];
  if (!list.length) return null;
  // The local engine answers on the Pro base, but it has no plan: saying "pro" there misleads. Its own name, the one
  // Verso gives it ("This computer (offline)"), already says what it is: "— local engine" after it only made the
  // closed picker cut the name at 900 px ("Este equipo (sin cone…").
  // The same for the hosted and custom names the add-connection form gives ("Hosted service — hosted, pro" was cut
  // in the same way): those keep only their plan.
  const describe = (c: ConnectionView) => {
    const given = givenNameKey(c.name);
    if (c.kind === 'local') {
      return given === 'connections.localName' ? shown(c.name) : t('connections.switcher.option', { name: shown(c.name), kind: c.kind, tier: 'none' });
    }
    if (given === (c.kind === 'hosted' ? 'connections.form.hostedName' : 'connections.form.customName')) {
      return t('connections.switcher.optionGiven', { name: shown(c.name), tier: c.tier ?? 'none' });
    }
    return t('connections.switcher.option', { name: shown(c.name), kind: c.kind, tier: c.tier ?? 'none' });
  };
  const active = list.find((c) => c.id === connections.data?.activeId);
  return (
    <div className="field connection-switcher">
      <label htmlFor="connection-switcher">{t('connections.switcher.label')}</label>
      {/* A narrow sidebar cuts the closed select's text with an ellipsis; the full description stays on hover. */}
      <select
        id="connection-switcher"
        // The choice shows at once, and the picker stays usable while main switches: disabled, it dropped the focus
        // to the page at every arrow key (seen on a keyboard tour), and it went back to the old value, so the next
        // arrow key chose the same connection again.
        value={chosen ?? connections.data?.activeId ?? ''}
        title={active ? describe(active) : undefined}
        onChange={(e) => {
          setChosen(e.target.value);
          switchTo.mutate(e.target.value);
        }}
        aria-busy={switchTo.isPending || undefined}
      >
        {list.map((c) => (
          <option key={c.id} value={c.id}>
            {describe(c)}
          </option>
        ))}
      </select>
      {switchTo.isError && <ErrorAlert error={switchTo.error} />}
    </div>
  );
}
