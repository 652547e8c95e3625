import { Tile } from '../../../components/Tile';
import { formatMoney } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { paths } from '../../../lib/paths';
import { useMonthTotals } from '../api';

/** The month's labour cost: a read of its own, since pricing a month takes longer than every count. */
export function LabourCostTile({ month }: { month: string }) {
  const t = useT();
  const lang = useLanguage();
  const totals = useMonthTotals(month).data;
  if (!totals) return null;
  const money = (amount: string) => formatMoney(lang, amount, totals.currency);
  return (
    <Tile
      label={t('costs.dashboard.label')}
      value={money(totals.planned)}
      hint={t('costs.dashboard.hint', {
        budget: totals.budget === null ? t('costs.month.noBudget') : money(totals.budget),
        actual: money(totals.actual),
      })}
      to={paths.labourCost}
    />
  );
}
