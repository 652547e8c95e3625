import { Badge, Button, Paper, Table, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { useDepartments } from '../../../lib/api/lookups';
import { usePools } from '../../../lib/api/pools';
import { formatNumber, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { LendingRules } from '../components/LendingRules';
import { PoolDetails } from '../components/PoolDetails';
import { PoolMembers } from '../components/PoolMembers';

/** Pools of the caller's departments: one opened shows its details, its members and its lending rules. */
export default function PoolsPage() {
  const t = useT();
  const lang = useLanguage();
  const pools = usePools();
  const departments = useDepartments();
  const [search, setSearch] = useSearchParams();
  const selectedId = search.get('pool');
  const selected = pools.data?.find((pool) => pool.id === selectedId) ?? null;
  const departmentName = (id: string, code: string) => {
    const node = departments.data?.get(id);
    return node ? localName(lang, node) : code;
  };
  return (
    <>
      <PageHeader title={t('pools.title')} description={t('pools.description')} />
      <QueryState query={pools}>
        <Table.ScrollContainer minWidth={620}>
          <Table striped highlightOnHover data-testid="pools-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('pools.pool.code')}</Table.Th>
                <Table.Th>{t('pools.pool.name')}</Table.Th>
                <Table.Th>{t('pools.pool.department')}</Table.Th>
                <Table.Th style={{ textAlign: 'end' }}>{t('pools.pool.members')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('pools.pool.open')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(pools.data ?? []).map((pool) => (
                <Table.Tr key={pool.id} data-testid="pool-row" data-code={pool.code}>
                  <Table.Td>
                    <bdi>{pool.code}</bdi>
                  </Table.Td>
                  <Table.Td>
                    {localName(lang, pool)}{' '}
                    {pool.isDefault && (
                      <Badge variant="light" size="sm">
                        {t('pools.pool.default')}
                      </Badge>
                    )}{' '}
                    {!pool.isActive && (
                      <Badge variant="light" color="gray" size="sm">
                        {t('pools.pool.inactive')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{departmentName(pool.departmentId, pool.departmentCode)}</Table.Td>
                  <Table.Td style={{ textAlign: 'end' }}>{formatNumber(lang, pool.memberCount)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant={pool.id === selectedId ? 'filled' : 'light'}
                      aria-pressed={pool.id === selectedId}
                      aria-label={t('pools.pool.openNamed', { code: pool.code })}
                      onClick={() => setSearch({ pool: pool.id }, { replace: true })}
                    >
                      {t('pools.pool.open')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {selected ? (
          <Paper withBorder p="md" mt="md" data-testid="pool-panel">
            <Title order={2} size="h3" mb="sm">
              <bdi>{selected.code}</bdi> · {localName(lang, selected)}
            </Title>
            <Tabs defaultValue="rules" keepMounted={false}>
              <Tabs.List mb="sm">
                <Tabs.Tab value="rules">{t('pools.tab.rules')}</Tabs.Tab>
                <Tabs.Tab value="members">{t('pools.tab.members')}</Tabs.Tab>
                <Tabs.Tab value="details">{t('pools.tab.details')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="rules">
                <LendingRules pool={selected} pools={pools.data ?? []} />
              </Tabs.Panel>
              <Tabs.Panel value="members">
                <PoolMembers pool={selected} />
              </Tabs.Panel>
              <Tabs.Panel value="details">
                <PoolDetails key={`${selected.id}:${selected.version}`} pool={selected} />
              </Tabs.Panel>
            </Tabs>
          </Paper>
        ) : (
          <Text c="dimmed" mt="md">
            {t('pools.pick')}
          </Text>
        )}
      </QueryState>
    </>
  );
}
