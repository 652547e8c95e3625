import { Anchor, Badge, Button, Group, Modal, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { Pager } from '../../../components/Pager';
import { QueryState } from '../../../components/QueryState';
import { useDepartments } from '../../../lib/api/lookups';
import { formatInstant, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useRoleName } from '../../../lib/i18n/roles';
import { paths } from '../../../lib/paths';
import { useUnit } from '../../../lib/unit';
import { USERS_PAGE_SIZE, useUsers } from '../api/users';
import { FirstPasswords } from '../components/FirstPasswords';
import { NewUserForm } from '../components/UserForms';

/** The accounts of the unit: search by name, page through, open one, create one. */
export default function UsersPage() {
  const t = useT();
  const roleName = useRoleName();
  const departments = useDepartments();
  const departmentName = (id: string, code: string | null) => {
    const node = departments.data?.get(id);
    return node ? localName(lang, node) : (code ?? '');
  };
  const lang = useLanguage();
  const unit = useUnit();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const users = useUsers(q, page);
  const [creating, { open, close }] = useDisclosure();
  const items = users.data?.items ?? [];
  return (
    <>
      <PageHeader
        title={t('admin.users.title')}
        description={t('admin.users.description')}
        actions={
          <Button onClick={open} data-testid="new-user">
            {t('admin.users.new')}
          </Button>
        }
      />
      <TextInput
        label={t('admin.users.search')}
        placeholder={t('admin.users.searchHint')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        mb="md"
        maw={420}
        data-testid="user-search"
      />
      <FirstPasswords q={q} />
      <QueryState query={users}>
        {items.length === 0 ? (
          <Text c="dimmed">{t('admin.users.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover data-testid="users">
              <Table.Caption>{t('admin.users.count', { count: users.data?.total ?? 0 })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.users.username')}</Table.Th>
                  <Table.Th>{t('admin.users.displayName')}</Table.Th>
                  <Table.Th>{t('admin.users.roles')}</Table.Th>
                  <Table.Th>{t('admin.users.status')}</Table.Th>
                  <Table.Th>{t('admin.users.lastLogin')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td dir="ltr">
                      <Anchor component={Link} to={paths.adminUser(user.id)}>
                        {user.username}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{user.displayName}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {user.roles.map((grant) => (
                          <Badge
                            key={grant.userRoleId}
                            variant="light"
                            color={grant.inForce ? 'blue' : 'gray'}
                          >
                            {[
                              roleName({ code: grant.roleCode, name: grant.roleName }),
                              grant.departmentId && departmentName(grant.departmentId, grant.departmentCode),
                            ]
                              .filter(Boolean)
                              .join(' · ')}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {user.locked ? (
                        <Badge color="red">{t('admin.users.locked')}</Badge>
                      ) : (
                        <Badge color="green" variant="light">
                          {t('admin.users.active')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {user.lastLoginAt ? formatInstant(lang, user.lastLoginAt, unit.timeZone) : '—'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Pager page={page} total={users.data?.total ?? 0} pageSize={USERS_PAGE_SIZE} onChange={setPage} />
      </QueryState>
      {/* No scroll lock: the library behind it injects a <style> without the CSP nonce. */}
      <Modal opened={creating} onClose={close} title={t('admin.users.new')} size="lg" lockScroll={false}>
        <NewUserForm onDone={close} />
      </Modal>
    </>
  );
}
