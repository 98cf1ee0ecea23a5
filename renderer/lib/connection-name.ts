/**
 * How a connection's name reads (renderer): the local engine's default name in the current UI language whatever
 * language it was stored in, any other name as stored (see shared/i18n/local-connection-name.ts).
 */
import { isDefaultLocalName } from '../../shared/i18n/local-connection-name.js';
import { useT } from '../i18n/index.js';

export function useConnectionName(): (name: string) => string {
  const t = useT();
  return (name) => (isDefaultLocalName(name) ? t('connections.localName') : name);
}
