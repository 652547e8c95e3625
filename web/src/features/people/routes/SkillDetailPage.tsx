import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { problemText, QueryState } from '../../../components/QueryState';
import { ApiError } from '../../../lib/api/client';
import { useCatalogue, useCodeNames } from '../../../lib/api/lookups';
import { useAllSkills } from '../../../lib/api/people';
import { usePermissions } from '../../../lib/auth/permissions';
import { localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { paths } from '../../../lib/paths';
import { useAddRequirement, useRemoveRequirement, useRequirements, useSkillHolders } from '../api';
import { PagedTable, useListParams } from '../components/shared';

/** A skill: who holds it at which level (from a lowest level), and the certifications it requires. */
export default function SkillDetailPage() {
  const t = useT();
  const names = useCodeNames();
  const lang = useLanguage();
  const { has } = usePermissions();
  const { id = '' } = useParams();
  const { values, page, set } = useListParams(['minLevel'] as const);
  const skills = useAllSkills();
  const skill = skills.data?.find((s) => s.id === id);
  const holders = useSkillHolders(id, values.minLevel, page);
  const levels = useCatalogue('skill-levels');
  const levelName = new Map((levels.data ?? []).map((l) => [l.code, localName(lang, l)]));
  const departments = useCatalogue('departments');
  const departmentName = new Map((departments.data ?? []).map((d) => [d.id, localName(lang, d)]));
  const requirements = useRequirements(id);
  const canEdit = has('skill.edit');
  const types = useCatalogue('certification-types', canEdit);
  const add = useAddRequirement(id);
  const remove = useRemoveRequirement(id);
  const [code, setCode] = useState<string | null>(null);
  const failure = add.error ?? remove.error;
  const required = new Set((requirements.data ?? []).map((r) => r.certificationCode));
  return (
    <>
      <PageHeader
        title={skill ? localName(lang, skill) : t('people.skills.title')}
        description={skill ? <bdi>{skill.code}</bdi> : undefined}
        actions={
          <Anchor component={Link} to={paths.skills}>
            {t('people.skill.back')}
          </Anchor>
        }
      />
      <Stack gap="lg">
        <section aria-labelledby="requirements-title">
          <Title order={2} size="h4" mb="xs" id="requirements-title">
            {t('people.skill.requirements')}
          </Title>
          {failure instanceof ApiError && (
            <Alert color="red" role="alert" mb="sm">
              {problemText(t, failure)}
            </Alert>
          )}
          <QueryState query={requirements}>
            {(requirements.data ?? []).length === 0 ? (
              <Text c="dimmed">{t('people.skills.none')}</Text>
            ) : (
              <Group gap="xs">
                {(requirements.data ?? []).map((r) => (
                  <Badge
                    key={r.certificationCode}
                    size="lg"
                    variant="light"
                    tt="none"
                    data-testid="requirement"
                    rightSection={
                      canEdit ? (
                        <ActionIcon
                          size="xs"
                          variant="transparent"
                          aria-label={t('people.skill.removeRequirement', {
                            code: names.certification(r.certificationCode),
                          })}
                          onClick={() => remove.mutate(r.certificationCode)}
                          disabled={remove.isPending}
                        >
                          ×
                        </ActionIcon>
                      ) : undefined
                    }
                  >
                    {names.certification(r.certificationCode)}
                  </Badge>
                ))}
              </Group>
            )}
          </QueryState>
          {canEdit && (
            <Group mt="sm" align="flex-end">
              <Select
                label={t('people.skill.addRequirement')}
                data={(types.data ?? [])
                  .filter((type) => !required.has(type.code))
                  .map((type) => ({ value: type.code, label: `${localName(lang, type)} (${type.code})` }))}
                value={code}
                onChange={setCode}
                searchable
                w={280}
                maw="100%"
              />
              <Button
                disabled={!code}
                loading={add.isPending}
                onClick={() => code && add.mutate(code, { onSuccess: () => setCode(null) })}
              >
                {t('people.skill.add')}
              </Button>
            </Group>
          )}
        </section>

        <section aria-labelledby="holders-title">
          <Group justify="space-between" align="flex-end" mb="xs">
            <Title order={2} size="h4" id="holders-title">
              {t('people.skill.holders')}
            </Title>
            <Select
              label={t('people.skill.minLevel')}
              data={(levels.data ?? []).map((level) => ({
                value: level.code,
                label: localName(lang, level),
              }))}
              value={values.minLevel || null}
              onChange={(value) => set({ minLevel: value ?? '' })}
              clearable
              w={220}
              maw="100%"
            />
          </Group>
          <PagedTable
            query={holders}
            empty={t('people.skill.noHolders')}
            caption={t('people.skill.holders')}
            head={[
              t('people.employees.number'),
              t('people.employees.name'),
              t('people.employees.department'),
              t('people.skills.level'),
            ]}
            page={page}
            onPage={(p) => set({ page: String(p) })}
          >
            {(holder) => (
              <Table.Tr key={holder.employeeId} data-testid="holder-row">
                <Table.Td>
                  <bdi style={{ whiteSpace: 'nowrap' }}>{holder.employeeNumber}</bdi>
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={paths.employee(holder.employeeId)}>
                    {localName(lang, holder)}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {holder.departmentId ? (departmentName.get(holder.departmentId) ?? '—') : '—'}
                </Table.Td>
                <Table.Td>
                  {holder.levelCode ? (levelName.get(holder.levelCode) ?? holder.levelCode) : '—'}
                </Table.Td>
              </Table.Tr>
            )}
          </PagedTable>
        </section>
      </Stack>
    </>
  );
}
