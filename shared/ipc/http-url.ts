/**
 * Whether `s` is a whole http:// or https:// address: the rule of the contract's `HttpUrl` (contract-common.ts),
 * without zod, so the renderer's first paint can check a typed address without loading the contract's schemas.
 */
export function isHttpUrl(s: string): boolean {
  const t = s.trim();
  if (!/^https?:\/\//i.test(t)) return false;
  try {
    return new URL(t).hostname !== '';
  } catch {
    return false;
  }
}
