import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useEmployeeChoice, useEmployeeSearch } from '../lib/api/people';
import { localName } from '../lib/i18n/format';
import { useLanguage, useT } from '../lib/i18n/I18nProvider';

/**
 * Chooses an employee by typing part of their number or name (the unit may have thousands): the service
 * searches, twenty at a time; the chosen one stays shown by number and name in the reader's language.
 */
export function EmployeePicker({
  label,
  description,
  value,
  onChange,
  testId,
}: {
  label: string;
  description?: string;
  value: string | null;
  onChange: (id: string | null) => void;
  testId?: string;
}) {
  const t = useT();
  const lang = useLanguage();
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search, 250);
  const found = useEmployeeSearch(typed);
  const chosen = useEmployeeChoice(value);
  const labelOf = (employee: { employeeNumber: string; Name_1_English: string; Name_2_Arabic: string }) =>
    `${employee.employeeNumber} · ${localName(lang, employee)}`;
  const options = new Map<string, string>();
  if (chosen.data) options.set(chosen.data.id, labelOf(chosen.data));
  for (const employee of found.data ?? []) options.set(employee.id, labelOf(employee));
  return (
    <Select
      label={label}
      description={description}
      placeholder={t('common.employeePicker.placeholder')}
      nothingFoundMessage={found.isFetching ? t('common.loading') : t('common.employeePicker.none')}
      searchable
      clearable
      filter={({ options: all }) => all}
      searchValue={search}
      onSearchChange={setSearch}
      data={[...options].map(([id, text]) => ({ value: id, label: text }))}
      value={value}
      onChange={onChange}
      data-testid={testId}
    />
  );
}
