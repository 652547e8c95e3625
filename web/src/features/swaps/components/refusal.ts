import { useReasonName, useRefusalText } from '../../../components/RuleReasons';
import { ApiError } from '../../../lib/api/client';
import { hasMessage, type MessageId, useT } from '../../../lib/i18n/I18nProvider';

type Side = { side: 'proposer' | 'colleague'; reasons: string[]; certification?: string };

/** A swap's refusal read as a sentence: broken rules by side, the swap's own codes, else the shared reading. */
export function useSwapRefusal() {
  const t = useT();
  const shared = useRefusalText();
  const reason = useReasonName();
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return shared(error);
    const sides = error.problem?.sides as Side[] | undefined;
    if (error.code === 'NOT_ELIGIBLE' && sides?.length)
      return sides
        .map((side) =>
          t(`swaps.problem.side.${side.side}`, {
            rules: side.reasons.map((code) => reason(code, side.certification)).join('، '),
          }),
        )
        .join(' ');
    const key = `swaps.problem.${error.code}`;
    return hasMessage(key) ? t(key as MessageId) : shared(error);
  };
}
