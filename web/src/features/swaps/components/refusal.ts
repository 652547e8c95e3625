import { useRefusalText } from '../../../components/RuleReasons';
import { ApiError } from '../../../lib/api/client';
import { hasMessage, type MessageId, useT } from '../../../lib/i18n/I18nProvider';

/** A swap's refusal read as a sentence: the swap's own codes, else the shared reading (rules by name). */
export function useSwapRefusal() {
  const t = useT();
  const shared = useRefusalText();
  return (error: unknown): string => {
    const key = error instanceof ApiError ? `swaps.problem.${error.code}` : '';
    return hasMessage(key) ? t(key as MessageId) : shared(error);
  };
}
