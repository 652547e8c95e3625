import { Accordion, Badge, Group, List, Text } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { hasMessage, useT } from '../../../lib/i18n/I18nProvider';
import { useRoleName } from '../../../lib/i18n/roles';
import { usePermissionCatalog, useRoles } from '../api/roles';

/** A permission code reads whole (the page otherwise breaks words anywhere). */
const WHOLE = { overflowWrap: 'normal', wordBreak: 'break-word' } as const;

/** The roles and what each allows, read only: the service's matrix, with each permission described. */
export default function RolesPage() {
  const t = useT();
  const roles = useRoles();
  const catalog = usePermissionCatalog();
  const described = new Map((catalog.data ?? []).map((permission) => [permission.code, permission]));
  // The service describes permissions and names system roles in English; the screen says them in the
  // reader's language where it knows them (a permission added since reads as the service says it).
  const said = (id: string, otherwise: string | null | undefined) => (hasMessage(id) ? t(id) : otherwise);
  const roleName = useRoleName();
  return (
    <>
      <PageHeader title={t('admin.roles.title')} description={t('admin.roles.description')} />
      <QueryState query={roles}>
        <Accordion variant="separated" multiple data-testid="roles">
          {(roles.data ?? []).map((role) => (
            <Accordion.Item key={role.id} value={role.id}>
              <Accordion.Control>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600}>{roleName(role)}</Text>
                  {roleName(role) !== role.code && (
                    <Text c="dimmed" size="sm" dir="ltr">
                      {role.code}
                    </Text>
                  )}
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
                <List listStyleType="none" spacing={6} aria-label={t('admin.roles.permissions')}>
                  {role.permissions.map((code) => (
                    <List.Item key={code}>
                      <Group gap="xs" wrap="wrap">
                        <Text fw={600} size="sm" dir="ltr" style={WHOLE}>
                          {code}
                        </Text>
                        {described.get(code) && (
                          <Badge variant="outline" size="xs" color="gray">
                            {said(
                              `admin.permissionArea.${described.get(code)?.area}`,
                              described.get(code)?.area,
                            )}
                          </Badge>
                        )}
                      </Group>
                      {described.get(code) && (
                        <Text size="xs" c="dimmed" dir="auto" ta="start">
                          {said(`admin.permission.${code}`, described.get(code)?.description)}
                        </Text>
                      )}
                    </List.Item>
                  ))}
                </List>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </QueryState>
    </>
  );
}
