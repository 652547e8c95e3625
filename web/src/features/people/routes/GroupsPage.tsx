import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Table,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { problemText } from '../../../components/QueryState';
import { ApiError } from '../../../lib/api/client';
import { useCatalogue } from '../../../lib/api/lookups';
import { usePermissions } from '../../../lib/auth/permissions';
import { formatNumber, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { paths } from '../../../lib/paths';
import { useCreateGroup, useGroups } from '../api';
import { PagedTable, useListParams } from '../components/shared';

/** Employee groups in scope with their member counts; HR creates a group here. */
export default function GroupsPage() {
  const t = useT();
  const lang = useLanguage();
  const { has } = usePermissions();
  const { values, page, set } = useListParams(['q'] as const);
  const [search, setSearch] = useState(values.q);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (search.trim() !== values.q) set({ q: search.trim() });
    }, 300);
    return () => clearTimeout(timer);
  }, [search, values.q, set]);
  const groups = useGroups(values.q, page);
  const departments = useCatalogue('departments');
  const departmentName = new Map((departments.data ?? []).map((d) => [d.id, localName(lang, d)]));
  return (
    <>
      <PageHeader title={t('people.groups.title')} description={t('people.groups.description')} />
      {has('employee_group.write') && <NewGroupForm />}
      <TextInput
        type="search"
        label={t('people.groups.search')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        mb="md"
        maw={420}
      />
      <PagedTable
        query={groups}
        empty={t('people.groups.empty')}
        caption={t('people.groups.title')}
        head={[
          t('people.groups.name'),
          t('people.groups.code'),
          t('people.employees.department'),
          t('people.groups.members'),
        ]}
        page={page}
        onPage={(p) => set({ page: String(p) })}
      >
        {(group) => (
          <Table.Tr key={group.id} data-testid="group-row">
            <Table.Td>
              <Anchor component={Link} to={paths.employeeGroup(group.id)}>
                {localName(lang, group)}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <bdi>{group.code}</bdi>
            </Table.Td>
            <Table.Td>
              {group.departmentId
                ? (departmentName.get(group.departmentId) ?? '—')
                : t('people.groups.wholeUnit')}
            </Table.Td>
            <Table.Td>{formatNumber(lang, group.memberCount)}</Table.Td>
          </Table.Tr>
        )}
      </PagedTable>
    </>
  );
}

function NewGroupForm() {
  const t = useT();
  const lang = useLanguage();
  const navigate = useNavigate();
  const create = useCreateGroup();
  const departments = useCatalogue('departments');
  const [code, setCode] = useState('');
  const [nameEn, setNameEn] = useState('');
  const [nameAr, setNameAr] = useState('');
  const [departmentId, setDepartmentId] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { code: code.trim(), Name_1_English: nameEn.trim(), Name_2_Arabic: nameAr.trim(), departmentId },
      { onSuccess: (group) => navigate(paths.employeeGroup(group.id)) },
    );
  };
  return (
    <Card withBorder mb="lg" component="form" onSubmit={submit} aria-labelledby="new-group-title">
      <Title order={2} size="h4" mb="xs" id="new-group-title">
        {t('people.groups.new')}
      </Title>
      {create.error instanceof ApiError && (
        <Alert color="red" role="alert" mb="sm">
          {problemText(t, create.error)}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <TextInput
          label={t('people.groups.code')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          required
        />
        <TextInput
          label={t('people.groups.nameEn')}
          value={nameEn}
          onChange={(e) => setNameEn(e.currentTarget.value)}
          required
          lang="en"
        />
        <TextInput
          label={t('people.groups.nameAr')}
          value={nameAr}
          onChange={(e) => setNameAr(e.currentTarget.value)}
          required
          lang="ar"
          dir="rtl"
        />
        <Select
          label={t('people.employees.department')}
          placeholder={t('people.groups.wholeUnit')}
          data={(departments.data ?? []).map((d) => ({ value: d.id, label: localName(lang, d) }))}
          value={departmentId}
          onChange={setDepartmentId}
          clearable
          searchable
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button type="submit" loading={create.isPending}>
          {t('people.groups.create')}
        </Button>
      </Group>
    </Card>
  );
}
