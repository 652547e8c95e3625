import { Alert, Button, Group, Select, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Pager } from '../../../components/Pager';
import { QueryState } from '../../../components/QueryState';
import { ApiError } from '../../../lib/api/client';
import { usePermissions } from '../../../lib/auth/permissions';
import { formatInstant, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useUnit } from '../../../lib/unit';
import { MEMBER_PAGE_SIZE, type Pool, useDepartmentEmployees, useMembership, usePoolMembers } from '../api';
import { poolsProblem } from './problem';

/**
 * The pool's explicit members (a department's default pool holds everyone else of the department);
 * with `pool.write`, an employee of the department is added or a member removed.
 */
export function PoolMembers({ pool }: { pool: Pool }) {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const { has } = usePermissions();
  const [page, setPage] = useState(1);
  const members = usePoolMembers(pool.id, page);
  const membership = useMembership(pool.id);
  const writable = has('pool.write');
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 250);
  const employees = useDepartmentEmployees(pool.departmentId, debounced, writable && has('employee.view'));
  const items = members.data?.items ?? [];
  return (
    <QueryState query={members}>
      {pool.isDefault && (
        <Text size="sm" c="gray.7" mb="xs">
          {t('pools.members.defaultHint')}
        </Text>
      )}
      {items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('pools.members.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped data-testid="members-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('pools.members.number')}</Table.Th>
                <Table.Th>{t('pools.members.name')}</Table.Th>
                <Table.Th>{t('pools.members.since')}</Table.Th>
                {writable && <Table.Th>{t('pools.common.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((member) => (
                <Table.Tr key={member.employeeId}>
                  <Table.Td>{member.employeeNumber}</Table.Td>
                  <Table.Td>{localName(lang, member)}</Table.Td>
                  <Table.Td>{formatInstant(lang, member.addedAt, unit.timeZone)}</Table.Td>
                  {writable && (
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => membership.mutate({ employeeId: member.employeeId, add: false })}
                        aria-label={t('pools.members.removeNamed', { name: localName(lang, member) })}
                      >
                        {t('pools.members.remove')}
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager page={page} total={members.data?.total ?? 0} pageSize={MEMBER_PAGE_SIZE} onChange={setPage} />
      {writable && has('employee.view') && (
        <Group mt="sm" align="flex-end">
          <Select
            label={t('pools.members.add')}
            placeholder={t('pools.members.search')}
            searchable
            searchValue={query}
            onSearchChange={setQuery}
            data={(employees.data ?? []).map((employee) => ({
              value: employee.id,
              label: `${employee.employeeNumber} · ${localName(lang, employee)}`,
            }))}
            value={null}
            onChange={(employeeId) => {
              if (employeeId) membership.mutate({ employeeId, add: true }, { onSuccess: () => setQuery('') });
            }}
            filter={({ options }) => options}
            w={320}
          />
        </Group>
      )}
      {membership.error instanceof ApiError && (
        <Alert color="red" role="alert" mt="sm">
          {poolsProblem(t, membership.error)}
        </Alert>
      )}
    </QueryState>
  );
}
