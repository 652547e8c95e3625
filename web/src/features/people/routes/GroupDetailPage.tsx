import { Alert, Anchor, Button, Group, Select, Stack, Table, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { problemText } from '../../../components/QueryState';
import { ApiError } from '../../../lib/api/client';
import { usePermissions } from '../../../lib/auth/permissions';
import { formatInstant, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { paths } from '../../../lib/paths';
import { useUnit } from '../../../lib/unit';
import { useAddMember, useEmployees, useGroup, useGroupMembers, useRemoveMember } from '../api';
import { PagedTable, useListParams } from '../components/shared';

/** A group and its members; HR adds an employee (found by number or name) and removes one. */
export default function GroupDetailPage() {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const { has } = usePermissions();
  const { id = '' } = useParams();
  const { page, set } = useListParams([] as const);
  const group = useGroup(id);
  const members = useGroupMembers(id, page);
  const canWrite = has('employee_group.write');
  const remove = useRemoveMember(id);
  const g = group.data;
  return (
    <>
      <PageHeader
        title={g ? localName(lang, g) : t('people.groups.title')}
        description={g ? (g.description ?? g.code) : undefined}
        actions={
          <Anchor component={Link} to={paths.employeeGroups}>
            {t('people.group.back')}
          </Anchor>
        }
      />
      <Stack gap="lg">
        {canWrite && <AddMember groupId={id} />}
        {remove.error instanceof ApiError && (
          <Alert color="red" role="alert">
            {problemText(t, remove.error)}
          </Alert>
        )}
        <section aria-labelledby="members-title">
          <Title order={2} size="h4" mb="xs" id="members-title">
            {t('people.groups.members')}
          </Title>
          <PagedTable
            query={members}
            empty={t('people.group.noMembers')}
            caption={t('people.groups.members')}
            head={[
              t('people.employees.number'),
              t('people.employees.name'),
              t('people.group.added'),
              ...(canWrite ? [t('people.group.actions')] : []),
            ]}
            page={page}
            onPage={(p) => set({ page: String(p) })}
          >
            {(member) => (
              <Table.Tr key={member.employeeId} data-testid="member-row">
                <Table.Td>
                  <bdi style={{ whiteSpace: 'nowrap' }}>{member.employeeNumber}</bdi>
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={paths.employee(member.employeeId)}>
                    {localName(lang, member)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatInstant(lang, member.addedAt, unit.timeZone)}</Table.Td>
                {canWrite && (
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      onClick={() => remove.mutate(member.employeeId)}
                      loading={remove.isPending && remove.variables === member.employeeId}
                      aria-label={t('people.group.removeWho', { name: localName(lang, member) })}
                    >
                      {t('people.group.remove')}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            )}
          </PagedTable>
        </section>
      </Stack>
    </>
  );
}

function AddMember({ groupId }: { groupId: string }) {
  const t = useT();
  const lang = useLanguage();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const candidates = useEmployees({ q: search.trim(), page: 1 });
  const add = useAddMember(groupId);
  return (
    <section aria-labelledby="add-member-title">
      <Title order={2} size="h4" mb="xs" id="add-member-title">
        {t('people.group.addMember')}
      </Title>
      {add.error instanceof ApiError && (
        <Alert color="red" role="alert" mb="sm">
          {problemText(t, add.error)}
        </Alert>
      )}
      <Group align="flex-end">
        <Select
          label={t('people.group.employee')}
          placeholder={t('people.employees.searchHint')}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          data={(candidates.data?.items ?? []).map((e) => ({
            value: e.id,
            label: `${e.employeeNumber} · ${localName(lang, e)}`,
          }))}
          value={chosen}
          onChange={setChosen}
          w={360}
          maw="100%"
          data-testid="member-picker"
        />
        <Button
          disabled={!chosen}
          loading={add.isPending}
          onClick={() =>
            chosen &&
            add.mutate(chosen, {
              onSuccess: () => {
                setChosen(null);
                setSearch('');
              },
            })
          }
        >
          {t('people.group.add')}
        </Button>
      </Group>
    </section>
  );
}
