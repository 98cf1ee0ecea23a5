/**
 * The labels the local service gives the developer keys it makes at its first start (service/server.ts). They are
 * the service's data, in English, and the Keys screen showed them so in every UI language ("Local Pro key" among
 * Arabic words). On the local engine's connection, a key still labelled so is shown with the UI language's label
 * (`keys.localLabel`); a label an admin gave is shown as given. Nothing stored changes.
 */
export const LOCAL_KEY_LABELS = { pro: 'Local Pro key', free: 'Local Free key' } as const;

/** The plan of a key labelled as the local service labels its own keys, else null. */
export function localKeyLabelTier(label: string): 'pro' | 'free' | null {
  return label === LOCAL_KEY_LABELS.pro ? 'pro' : label === LOCAL_KEY_LABELS.free ? 'free' : null;
}
