import { Checkbox, Select } from '@mantine/core';
import { useCodeNames } from '../../../lib/api/lookups';
import { useT } from '../../../lib/i18n/I18nProvider';
import type { filterChoices, RosterFilter } from '../filters';

/**
 * The live roster's filters beside its department and dates: a terminal, a skill, a shift (a person is
 * shown when one of their shifts of the period matches) and "has a warning" (from the figures, so only
 * with a department chosen).
 */
export function RosterFilters({
  choices,
  filter,
  onChange,
  warningAvailable,
}: {
  choices: ReturnType<typeof filterChoices>;
  filter: RosterFilter;
  onChange: (filter: RosterFilter) => void;
  warningAvailable: boolean;
}) {
  const t = useT();
  const names = useCodeNames();
  const select = (key: 'terminal' | 'skill' | 'shift', codes: string[], name: (code: string) => string) => (
    <Select
      key={key}
      label={t(`rosters.filter.${key}`)}
      placeholder={t('rosters.filter.any')}
      data={codes.map((code) => ({ value: code, label: name(code) }))}
      value={filter[key]}
      onChange={(value) => onChange({ ...filter, [key]: value })}
      clearable
      searchable
      w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 160 }}
      data-testid={`filter-${key}`}
    />
  );
  return (
    <>
      {select('terminal', choices.terminals, names.terminal)}
      {select('skill', choices.skills, names.skill)}
      {select('shift', choices.shifts, names.shift)}
      <Checkbox
        label={t('rosters.filter.warning')}
        description={warningAvailable ? undefined : t('rosters.filter.warningHint')}
        checked={warningAvailable && filter.warning}
        disabled={!warningAvailable}
        onChange={(event) => onChange({ ...filter, warning: event.currentTarget.checked })}
        mb={warningAvailable ? 8 : 0}
        data-testid="filter-warning"
      />
    </>
  );
}
