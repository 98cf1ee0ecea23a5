/**
 * Line icons drawn as inline SVG in the text's colour and size (hand-written: two small paths, not worth an icon
 * library). They replace the ⇄ and ↻ characters the language bar used: the UI fonts have neither, so Chromium
 * searched the system's fonts for one during the first layout of the Translate screen (~5 ms of a cold start, more
 * on a machine with many fonts), and each system drew them differently.
 */
const PATHS = {
  // Two opposite arrows: source ⇄ target.
  swap: 'M2.5 5.5h10M10 3l2.5 2.5L10 8M13.5 10.5h-10M6 8l-2.5 2.5L6 13',
  // A clockwise open circle with its arrowhead: load again.
  refresh: 'M13.5 8a5.5 5.5 0 1 1-1.6-3.9M12.3 1.6l-.4 2.5-2.5-.3',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg className="icon" viewBox="0 0 16 16" width="1em" height="1em" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
