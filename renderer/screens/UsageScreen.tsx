/** Renderer screen entry (lazy-loaded by App.tsx): the Usage screen lives in `./usage/`. */
import { UsagePage } from './usage/UsagePage.js';

export default function UsageScreen() {
  return <UsagePage />;
}
