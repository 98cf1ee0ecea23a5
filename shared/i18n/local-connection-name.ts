/**
 * The names Verso gives the local engine's connection when it makes it (`connections.localName` of each UI
 * language; `local-connection-name.test.ts` checks them against the catalogs). The name is stored in the language of
 * that moment, so shown as stored it stayed in that language after the UI language changed ("This computer
 * (offline)" in the Korean sidebar). A stored name that is one of these is Verso's, not the user's, and is shown in
 * the current language; a name the user typed is shown as typed. A constant, not the 14 catalogs: the renderer's
 * start loads only its own language's words.
 */
const DEFAULT_LOCAL_NAMES: ReadonlySet<string> = new Set([
  'This computer (offline)',
  'Dieser Computer (offline)',
  'Cet ordinateur (hors ligne)',
  'Este equipo (sin conexión)',
  'Questo computer (offline)',
  'Este computador (offline)',
  'Deze computer (offline)',
  'Ten komputer (offline)',
  'Этот компьютер (офлайн)',
  'Цей комп’ютер (офлайн)',
  'このコンピューター（オフライン）',
  '本机（离线）',
  '이 컴퓨터(오프라인)',
  'هذا الحاسوب (غير متصل بالإنترنت)',
]);

/** Whether `name` is the name Verso gave the local engine's connection in one of its UI languages. */
export function isDefaultLocalName(name: string): boolean {
  return DEFAULT_LOCAL_NAMES.has(name);
}
