/**
 * Language lists in the UI language's alphabetical order (renderer). The services list languages by code, which in
 * any UI language but English reads as no order ("Арабська, Болгарська, Чеська, Данська…" in Ukrainian). Names and
 * order come from `Intl` (useFormat's languageName and compare). Not in the entry's first render: the first
 * `Intl.Collator` of a page costs tens of milliseconds, so until the first idle moment (useStartIdle) the list keeps
 * the service's order; a closed picker shows only its choice, and it is sorted before it can be opened.
 */
import { useMemo } from 'react';
import { useFormat } from '../i18n/index.js';
import type { Formatters } from '../../shared/i18n/format.js';
import { useStartIdle } from './start-idle.js';

export function useLanguageOrder<T extends { code: string; name?: string }>(list: readonly T[] | undefined): readonly T[] | undefined {
  const f = useFormat();
  const idle = useStartIdle();
  return useMemo(() => (!list || !idle ? list : sortByName(list, f)), [list, idle, f]);
}

/** `list` in the UI language's alphabetical order of its names (each name worked out once), as the pickers show it. */
export function sortByName<T extends { code: string; name?: string }>(list: readonly T[], f: Formatters): T[] {
  const named = list.map((l) => [l, f.languageName(l.code, l.name)] as const);
  return named.sort((a, b) => f.compare(a[1], b[1])).map(([l]) => l);
}
