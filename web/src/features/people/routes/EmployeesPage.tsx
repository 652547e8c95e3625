import { Anchor, Group, Select, SimpleGrid, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useCatalogue, useGrades } from '../../../lib/api/lookups';
import { useAllSkills } from '../../../lib/api/people';
import { usePools } from '../../../lib/api/pools';
import { usePermissions } from '../../../lib/auth/permissions';
import { formatNumber, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { paths } from '../../../lib/paths';
import { useEmployees } from '../api';
import { PagedTable, PoolSource, useListParams } from '../components/shared';

const FILTERS = ['q', 'departmentId', 'status', 'grade', 'skill', 'poolId'] as const;

/** Employees in the caller's scope: search by number or name, filters the API offers, a page at a time. */
export default function EmployeesPage() {
  const t = useT();
  const lang = useLanguage();
  const { has } = usePermissions();
  const { values, page, set } = useListParams(FILTERS);
  const [search, setSearch] = useState(values.q);
  // The search is sent once typing pauses, not at every key.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (search.trim() !== values.q) set({ q: search.trim() });
    }, 300);
    return () => clearTimeout(timer);
  }, [search, values.q, set]);
  const employees = useEmployees({ ...values, page });
  const departments = useCatalogue('departments');
  const statuses = useCatalogue('employee-statuses');
  const grades = useGrades(has('grade.view'));
  const skills = useAllSkills(has('skill.view'));
  const pools = usePools(has('pool.read'));
  const statusName = new Map((statuses.data ?? []).map((s) => [s.code, localName(lang, s)]));
  const departmentName = new Map((departments.data ?? []).map((d) => [d.id, localName(lang, d)]));
  const options = <T extends { code: string; Name_1_English: string; Name_2_Arabic: string | null }>(
    items: T[] | undefined,
    value: (item: T) => string = (item) => item.code,
  ) =>
    (items ?? []).map((item) => ({ value: value(item), label: `${localName(lang, item)} (${item.code})` }));
  return (
    <>
      <PageHeader title={t('people.employees.title')} description={t('people.employees.description')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mb="md">
        <TextInput
          type="search"
          label={t('people.employees.search')}
          placeholder={t('people.employees.searchHint')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-testid="employee-search"
        />
        <Select
          label={t('people.employees.department')}
          data={options(departments.data, (d) => d.id)}
          value={values.departmentId || null}
          onChange={(value) => set({ departmentId: value ?? '' })}
          clearable
          searchable
        />
        <Select
          label={t('people.employees.status')}
          data={options(statuses.data)}
          value={values.status || null}
          onChange={(value) => set({ status: value ?? '' })}
          clearable
        />
        {has('grade.view') && (
          <Select
            label={t('people.employees.grade')}
            data={options(grades.data)}
            value={values.grade || null}
            onChange={(value) => set({ grade: value ?? '' })}
            clearable
            searchable
          />
        )}
        {has('skill.view') && (
          <Select
            label={t('people.employees.skill')}
            data={options(skills.data)}
            value={values.skill || null}
            onChange={(value) => set({ skill: value ?? '' })}
            clearable
            searchable
          />
        )}
        {has('pool.read') && (
          <Select
            label={t('people.employees.pool')}
            data={options(pools.data, (p) => p.id)}
            value={values.poolId || null}
            onChange={(value) => set({ poolId: value ?? '' })}
            clearable
            searchable
          />
        )}
      </SimpleGrid>
      <PagedTable
        query={employees}
        empty={t('people.employees.empty')}
        summary={(total) => (
          <Text size="sm" c="dimmed" mb="xs" role="status" data-testid="employee-count">
            {t('people.employees.count', { count: total, shown: formatNumber(lang, total) })}
          </Text>
        )}
        caption={t('people.employees.title')}
        minWidth={760}
        head={[
          t('people.employees.number'),
          t('people.employees.name'),
          t('people.employees.department'),
          t('people.employees.grade'),
          t('people.employees.status'),
          t('people.employees.homePool'),
        ]}
        page={page}
        onPage={(p) => set({ page: String(p) })}
      >
        {(employee) => (
          <Table.Tr key={employee.id} data-testid="employee-row">
            <Table.Td>
              <bdi style={{ whiteSpace: 'nowrap' }}>{employee.employeeNumber}</bdi>
            </Table.Td>
            <Table.Td>
              <Anchor component={Link} to={paths.employee(employee.id)}>
                {localName(lang, employee)}
              </Anchor>
            </Table.Td>
            <Table.Td>
              {employee.departmentId
                ? (departmentName.get(employee.departmentId) ?? employee.departmentCode)
                : '—'}
            </Table.Td>
            <Table.Td>
              <bdi>{employee.gradeCode ?? '—'}</bdi>
            </Table.Td>
            <Table.Td>{statusName.get(employee.Status) ?? employee.Status}</Table.Td>
            <Table.Td>
              {employee.homePool ? (
                <Group gap={6} wrap="nowrap">
                  <bdi>{employee.homePool.code}</bdi>
                  <PoolSource source={employee.homePool.source} />
                </Group>
              ) : (
                '—'
              )}
            </Table.Td>
          </Table.Tr>
        )}
      </PagedTable>
    </>
  );
}
