/**
 * Renderer screen (placeholder until the usage issue): says what the usage view will show. No sample data.
 */
import { EmptyState } from '../components/EmptyState.js';

export default function UsageScreen() {
  return (
    <div className="screen">
      <h1>Usage</h1>
      <EmptyState title="The usage view is not in this version yet">
        <p>
          This screen will show the characters used in the current billing period against your account and key
          limits, with the period’s start and end.
        </p>
        <p>Meanwhile the Translate screen shows the billed characters of each translation.</p>
      </EmptyState>
    </div>
  );
}
