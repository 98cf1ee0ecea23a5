/**
 * Renderer: react-query hooks of the customisation domain (what the active connection offers of v3, its style rule
 * lists and translation memories). Keys carry the connection id, so switching connections never shows another
 * service's lists; `customisation.styleRulesChanged` refreshes the style rule lists.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Capabilities, LanguageFeatures } from '../../shared/ipc/contract-customisation.js';
import { baseLanguage } from '../../shared/spec/languages.js';
import { api, unwrap } from './api.js';
import { useApiEvent } from './queries.js';

export const customisationKeys = {
  capabilities: (connectionId: string | null) => ['customisation.capabilities', connectionId] as const,
  styleRules: (connectionId: string | null) => ['customisation.styleRules', connectionId] as const,
  translationMemories: (connectionId: string | null) => ['customisation.translationMemories', connectionId] as const,
};

/** Query options shared by the hooks below and the start-up prefetch (`lib/start-data.ts`). */
export const capabilitiesQuery = (connectionId: string | null) => ({
  queryKey: customisationKeys.capabilities(connectionId),
  queryFn: () => unwrap(api().customisation.capabilities({})),
  staleTime: 10 * 60_000,
});
export const styleRulesQuery = (connectionId: string | null) => ({
  queryKey: customisationKeys.styleRules(connectionId),
  queryFn: () => unwrap(api().customisation.styleRules()),
  staleTime: 60_000,
});
export const translationMemoriesQuery = (connectionId: string | null) => ({
  queryKey: customisationKeys.translationMemories(connectionId),
  queryFn: () => unwrap(api().customisation.translationMemories()),
  staleTime: 5 * 60_000,
});

export function useCapabilities(connectionId: string | null) {
  return useQuery({ ...capabilitiesQuery(connectionId), enabled: connectionId !== null });
}

export function useStyleRules(connectionId: string | null, enabled = true) {
  const qc = useQueryClient();
  useApiEvent(
    'customisation.styleRulesChanged',
    useCallback(() => void qc.invalidateQueries({ queryKey: ['customisation.styleRules'] }), [qc]),
  );
  return useQuery({ ...styleRulesQuery(connectionId), enabled: enabled && connectionId !== null });
}

export function useTranslationMemories(connectionId: string | null, enabled = true) {
  return useQuery({ ...translationMemoriesQuery(connectionId), enabled: enabled && connectionId !== null });
}

/**
 * Whether `/v3/languages` says `code` has `feature` (as a source or a target). Undefined when the service does not
 * answer /v3/languages (then the v2 rules decide) or does not list the language.
 */
export function hasFeature(
  caps: Capabilities | undefined,
  kind: 'text' | 'document',
  code: string,
  feature: string,
): boolean | undefined {
  const list: LanguageFeatures[] | null | undefined = caps?.[kind];
  if (!list || !code) return undefined;
  const c = code.toUpperCase();
  const l = list.find((x) => x.code === c) ?? list.find((x) => x.code === baseLanguage(c));
  if (!l) return undefined;
  return l.features.includes(feature);
}

/**
 * The languages among `codes` (the pair: source where chosen, and the targets) that `/v3/languages` lists WITHOUT
 * `feature`. Empty where it does not answer or does not list them: then nothing is disabled on its word.
 */
export function lackingFeature(
  caps: Capabilities | undefined,
  kind: 'text' | 'document',
  codes: readonly string[],
  feature: string,
): string[] {
  return codes.filter((c) => c !== '' && hasFeature(caps, kind, c, feature) === false);
}
