/**
 * Renderer component (Translate, Segments): the line beside a translation that says what made it — "Rule-based
 * draft by Apertium", and the language it went through when the local engine pivots (English → French goes
 * through Spanish). Nothing for hosted engines. The words come from `lib/engine-description.ts`.
 */
import type { LanguagePairView } from '../../../shared/ipc/contract.js';
import { useT } from '../../i18n/index.js';
import { engineLabel } from '../../lib/engine-description.js';
import { useMsg } from './use-msg.js';

export interface EngineLabelProps {
  engine: string | null | undefined;
  source: string | null | undefined;
  target: string;
  pairs: readonly LanguagePairView[] | null | undefined;
}

export function EngineLabel({ engine, source, target, pairs }: EngineLabelProps) {
  const msg = useMsg();
  const t = useT();
  const label = engineLabel(engine, source, target, pairs);
  if (!label) return null;
  return (
    <span className="badge tr-engine" title={t('translate.engine.apertiumTitle')} data-testid="engine-label">
      {msg(label)}
    </span>
  );
}
