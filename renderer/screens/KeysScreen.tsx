/**
 * Renderer screen (placeholder until the admin-keys issue): says what developer-key administration will do.
 */
import { EmptyState } from '../components/EmptyState.js';

export default function KeysScreen() {
  return (
    <div className="screen">
      <h1>Keys</h1>
      <EmptyState title="Developer key administration is not in this version yet">
        <p>
          With an admin key, this screen will list, create, rename, limit and deactivate the developer keys of
          your account.
        </p>
        <p>The API key Verso itself uses is managed in Settings → Connections.</p>
      </EmptyState>
    </div>
  );
}
