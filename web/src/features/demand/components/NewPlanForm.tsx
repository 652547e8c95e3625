import { Alert, Button, Group, Paper, Select, SimpleGrid, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DayInput } from '../../../components/DayInput';
import { ApiError } from '../../../lib/api/client';
import { useDepartments } from '../../../lib/api/lookups';
import { localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useCreatePlan, useDemandTemplates } from '../api';
import { demandProblem } from './problem';

/**
 * A new Draft plan: name, department and period, and optionally a template whose week the plan page
 * then lays over the period (dry run first, shown as a diff, then committed).
 */
export function NewPlanForm({ onCancel }: { onCancel: () => void }) {
  const t = useT();
  const lang = useLanguage();
  const navigate = useNavigate();
  const departments = useDepartments();
  const create = useCreatePlan();
  const [name, setName] = useState('');
  const [departmentId, setDepartmentId] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [templateId, setTemplateId] = useState<string | null>(null);
  const templates = useDemandTemplates(departmentId ?? undefined);
  const usable = templates.data ?? [];
  const ready = name.trim() !== '' && departmentId !== null && from !== '' && to !== '';
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    create.mutate(
      { name: name.trim(), departmentId, from, to },
      {
        onSuccess: (plan) =>
          navigate(`/demand/plans/${plan.id}${templateId ? `?template=${templateId}` : ''}`),
      },
    );
  };
  return (
    <Paper withBorder p="md" mb="md" component="form" onSubmit={submit} data-testid="new-plan-form">
      <Title order={2} size="h4" mb="sm">
        {t('demand.create.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('demand.create.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          required
          maxLength={200}
        />
        <Select
          label={t('demand.create.department')}
          data={[...(departments.data?.values() ?? [])].map((node) => ({
            value: node.id,
            label: localName(lang, node),
          }))}
          value={departmentId}
          onChange={setDepartmentId}
          required
          searchable
          data-testid="new-plan-department"
        />
        <DayInput
          label={t('demand.create.from')}
          value={from}
          onChange={setFrom}
          required
          data-testid="new-plan-from"
        />
        <DayInput
          label={t('demand.create.to')}
          description={t('demand.create.toHint')}
          value={to}
          min={from || undefined}
          onChange={setTo}
          required
          data-testid="new-plan-to"
        />
        <Select
          label={t('demand.create.template')}
          description={t('demand.create.templateHint')}
          placeholder={t('demand.create.noTemplate')}
          clearable
          disabled={!departmentId}
          data={usable.map((template) => ({ value: template.id, label: template.name }))}
          value={templateId}
          onChange={setTemplateId}
          data-testid="new-plan-template"
        />
      </SimpleGrid>
      {create.error && (
        <Alert color="red" role="alert" mt="sm">
          {create.error instanceof ApiError ? demandProblem(t, create.error) : t('error.network')}
        </Alert>
      )}
      <Group mt="md" gap="sm">
        <Button type="submit" disabled={!ready} loading={create.isPending} data-testid="create-plan">
          {t('demand.create.submit')}
        </Button>
        <Button variant="default" onClick={onCancel}>
          {t('demand.common.cancel')}
        </Button>
      </Group>
    </Paper>
  );
}
