/** Renderer screen entry (lazy-loaded by App.tsx): the Keys screen lives in `./keys/`. */
import { KeysPage } from './keys/KeysPage.js';

export default function KeysScreen() {
  return <KeysPage />;
}
