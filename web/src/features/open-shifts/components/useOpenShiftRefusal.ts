import { useRefusalText } from '../../../components/RuleReasons';
import { ApiError } from '../../../lib/api/client';
import { hasMessage, type MessageId, useT } from '../../../lib/i18n/I18nProvider';

/** A refusal in words: this area's own codes from its catalogue, the engine's rules as everywhere else. */
export function useOpenShiftRefusal() {
  const t = useT();
  const refusal = useRefusalText();
  return (error: unknown) => {
    const key = error instanceof ApiError ? `common.openShiftRefusal.${error.code}` : '';
    return hasMessage(key) ? t(key as MessageId) : refusal(error);
  };
}
