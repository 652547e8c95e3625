import { Chip, Group, Input } from '@mantine/core';
import { WEEKDAYS } from '../../../lib/dates';
import { weekdayNames } from '../../../lib/i18n/format';
import { useLanguage } from '../../../lib/i18n/I18nProvider';
import { useUnit } from '../../../lib/unit';
import type { Weekday } from '../api';

/** Days of the week as chips (from the unit's first day), each a checkbox for the keyboard. */
export function WeekdayPicker({
  label,
  description,
  value,
  onChange,
  testId,
}: {
  label: string;
  description?: string;
  value: Weekday[];
  onChange: (days: Weekday[]) => void;
  testId: string;
}) {
  const lang = useLanguage();
  const unit = useUnit();
  const start = unit.weekStart;
  const names = weekdayNames(lang, start, 'short');
  return (
    <Input.Wrapper label={label} description={description}>
      <Chip.Group multiple value={value} onChange={(days) => onChange(days as Weekday[])}>
        <Group gap={6} mt={6} data-testid={testId}>
          {names.map((name, i) => {
            const day = WEEKDAYS[(start + i) % 7]!;
            return (
              <Chip key={day} value={day} size="xs">
                {name}
              </Chip>
            );
          })}
        </Group>
      </Chip.Group>
    </Input.Wrapper>
  );
}
