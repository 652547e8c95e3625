import { Alert, Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { QueryState } from '../../../components/QueryState';
import { ApiError } from '../../../lib/api/client';
import { useCodeNames } from '../../../lib/api/lookups';
import { usePermissions } from '../../../lib/auth/permissions';
import { formatDay, formatNumber, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { type LendingRule, type Pool, useDeleteRule, useLendingRules } from '../api';
import { poolsProblem } from './problem';
import { RuleForm } from './RuleForm';

/** The lending rules with the pool on either side: who lends to whom, when, which skills, and the daily cap. */
export function LendingRules({ pool, pools }: { pool: Pool; pools: readonly Pool[] }) {
  const t = useT();
  const lang = useLanguage();
  const names = useCodeNames();
  const poolName = (code: string) => {
    const pool = pools.find((row) => row.code === code);
    return pool ? localName(lang, pool) : code;
  };
  const { has } = usePermissions();
  const rules = useLendingRules(pool.id);
  const remove = useDeleteRule();
  const [editing, setEditing] = useState<LendingRule | 'new' | null>(null);
  const writable = has('pool_lending_rule.write');
  const items = rules.data ?? [];
  return (
    <QueryState query={rules}>
      {items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('pools.rules.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={680}>
          <Table striped data-testid="rules-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('pools.rule.direction')}</Table.Th>
                <Table.Th>{t('pools.rule.window')}</Table.Th>
                <Table.Th>{t('pools.rule.skills')}</Table.Th>
                <Table.Th style={{ textAlign: 'end' }}>{t('pools.rule.cap')}</Table.Th>
                {writable && (
                  <Table.Th>
                    <VisuallyHidden>{t('pools.common.actions')}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((rule) => (
                <Table.Tr key={rule.id} data-testid="rule-row">
                  <Table.Td>
                    <Text size="sm">
                      {t('pools.rule.lends', {
                        source: poolName(rule.sourcePoolCode),
                        target: poolName(rule.targetPoolCode),
                      })}
                    </Text>
                    {rule.description && (
                      <Text size="xs" c="gray.7">
                        {rule.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {formatDay(lang, rule.effectiveFrom)} –{' '}
                    {rule.effectiveTo ? formatDay(lang, rule.effectiveTo) : t('pools.rule.openEnded')}
                  </Table.Td>
                  <Table.Td>
                    {rule.skills.length === 0 ? (
                      t('pools.rule.anySkill')
                    ) : (
                      <Group gap={4}>
                        {rule.skills.map((skill) => (
                          <Badge key={skill.id} variant="light" size="sm">
                            {names.skill(skill.code)}
                          </Badge>
                        ))}
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'end' }} data-testid="rule-cap-value">
                    {rule.maxPerDay === null ? t('pools.rule.noCap') : formatNumber(lang, rule.maxPerDay)}
                  </Table.Td>
                  {writable && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => setEditing(rule)}
                          aria-label={t('pools.rule.editNamed', {
                            source: poolName(rule.sourcePoolCode),
                            target: poolName(rule.targetPoolCode),
                          })}
                          data-testid="rule-edit"
                        >
                          {t('pools.common.edit')}
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => remove.mutate(rule)}
                          aria-label={t('pools.rule.deleteNamed', {
                            source: poolName(rule.sourcePoolCode),
                            target: poolName(rule.targetPoolCode),
                          })}
                        >
                          {t('pools.common.delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {remove.error instanceof ApiError && (
        <Alert color="red" role="alert" mt="sm">
          {poolsProblem(t, remove.error)}
        </Alert>
      )}
      {editing !== null ? (
        <RuleForm
          key={editing === 'new' ? 'new' : `${editing.id}:${editing.version}`}
          rule={editing === 'new' ? null : editing}
          pool={pool}
          pools={pools}
          onDone={() => setEditing(null)}
        />
      ) : (
        writable && (
          <Button mt="sm" variant="light" onClick={() => setEditing('new')} data-testid="rule-new">
            {t('pools.rule.new')}
          </Button>
        )
      )}
    </QueryState>
  );
}
