import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useLanguage } from '../lib/i18n/I18nProvider';
import { useUnit } from '../lib/unit';

/** Date pickers in the reader's language and the unit's week: its first day and its weekend. */
export function UnitDates({ children }: { children: ReactNode }) {
  const lang = useLanguage();
  const unit = useUnit();
  return (
    <DatesProvider
      // Mantine types the week's days as literals; the unit's settings are numbers 0–6 all the same.
      settings={{ locale: lang, firstDayOfWeek: unit.weekStart as 0, weekendDays: unit.weekendDays as never }}
    >
      {children}
    </DatesProvider>
  );
}
