import { Group, Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDepartments } from '../lib/api/lookups';
import { localName } from '../lib/i18n/format';
import { useLanguage, useT } from '../lib/i18n/I18nProvider';
import { DayInput } from './DayInput';

export interface Range {
  from: string;
  to: string;
  departmentId: string | null;
}

/** A date range and a department, the filters every attendance and reconciliation list starts with. */
export function RangeFilters({
  value,
  onChange,
  children,
}: {
  value: Range;
  onChange: (next: Range) => void;
  children?: ReactNode;
}) {
  const t = useT();
  const lang = useLanguage();
  const departments = useDepartments();
  const options = [...(departments.data?.values() ?? [])]
    .map((node) => ({ value: node.id, label: localName(lang, node) }))
    .sort((a, b) => a.label.localeCompare(b.label, lang));
  return (
    <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
      <DayInput
        label={t('common.filter.from')}
        value={value.from}
        max={value.to || undefined}
        onChange={(from) => onChange({ ...value, from })}
        w={160}
      />
      <DayInput
        label={t('common.filter.to')}
        value={value.to}
        min={value.from || undefined}
        onChange={(to) => onChange({ ...value, to })}
        w={160}
      />
      <Select
        label={t('common.filter.department')}
        placeholder={t('common.filter.allDepartments')}
        data={options}
        value={value.departmentId}
        onChange={(departmentId) => onChange({ ...value, departmentId })}
        clearable
        clearButtonProps={{ 'aria-label': t('common.filter.clear') }}
        searchable
        w={200}
      />
      {children}
    </Group>
  );
}

/** The range as query parameters: empty dates and no department are left out. */
export const rangeQuery = (range: Range) => ({
  ...(range.from ? { from: range.from } : {}),
  ...(range.to ? { to: range.to } : {}),
  ...(range.departmentId ? { departmentId: range.departmentId } : {}),
});
