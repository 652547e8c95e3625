import { Accordion, Badge, Group, Table, Text } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { useT } from '../../../lib/i18n/I18nProvider';
import { usePermissionCatalog, useRoles } from '../api/users';

/** The roles and what each allows, read only: the service's matrix, with each permission described. */
export default function RolesPage() {
  const t = useT();
  const roles = useRoles();
  const catalog = usePermissionCatalog();
  const described = new Map((catalog.data ?? []).map((permission) => [permission.code, permission]));
  return (
    <>
      <PageHeader title={t('admin.roles.title')} description={t('admin.roles.description')} />
      <QueryState query={roles}>
        <Accordion variant="separated" multiple data-testid="roles">
          {(roles.data ?? []).map((role) => (
            <Accordion.Item key={role.id} value={role.id}>
              <Accordion.Control>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600}>{role.name}</Text>
                  <Text c="dimmed" size="sm" dir="ltr">
                    {role.code}
                  </Text>
                  {role.isSystem && (
                    <Badge variant="light" color="grape">
                      {t('admin.roles.system')}
                    </Badge>
                  )}
                  <Badge variant="light">
                    {t('admin.roles.permissionCount', { count: role.permissions.length })}
                  </Badge>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                {role.description && <Text mb="sm">{role.description}</Text>}
                <Table.ScrollContainer minWidth={320}>
                  <Table striped>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('admin.roles.permission')}</Table.Th>
                        <Table.Th>{t('admin.roles.area')}</Table.Th>
                        <Table.Th>{t('admin.roles.meaning')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {role.permissions.map((code) => (
                        <Table.Tr key={code}>
                          <Table.Td dir="ltr">{code}</Table.Td>
                          <Table.Td dir="ltr">{described.get(code)?.area ?? '—'}</Table.Td>
                          <Table.Td dir="ltr">{described.get(code)?.description ?? '—'}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </QueryState>
    </>
  );
}
