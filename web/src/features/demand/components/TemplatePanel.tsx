import { Alert, Badge, Button, Group, Paper, Select, Table, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { DayInput } from '../../../components/DayInput';
import { ApiError } from '../../../lib/api/client';
import { formatNumber } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { type ApplyResult, type DemandPlanDetail, useApplyTemplate, useDemandTemplates } from '../api';
import type { MatrixLabels } from './DemandMatrix';
import { demandProblem } from './problem';

const SHOWN = 200;

/**
 * Lays a template's week over dates of the plan: a dry run first, shown as the cells it adds or changes
 * (with the value each had), and only then the commit.
 */
export function TemplatePanel({
  plan,
  labels,
  initialTemplateId,
  onClose,
  onApplied,
}: {
  plan: DemandPlanDetail;
  labels: MatrixLabels;
  initialTemplateId?: string;
  onClose: () => void;
  onApplied: () => void;
}) {
  const t = useT();
  const lang = useLanguage();
  const templates = useDemandTemplates(plan.departmentId);
  const apply = useApplyTemplate(plan.id);
  const [templateId, setTemplateId] = useState<string | null>(initialTemplateId ?? null);
  const [from, setFrom] = useState(plan.from);
  const [to, setTo] = useState(plan.to);
  const [preview, setPreview] = useState<ApplyResult | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const usable = templates.data ?? [];

  const dryRun = (id = templateId) => {
    if (!id) return;
    setPreview(null);
    apply.mutate({ templateId: id, from, to, dryRun: true }, { onSuccess: setPreview });
  };
  // A template chosen when the plan was created is previewed at once.
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the panel opens
  useEffect(() => {
    heading.current?.focus();
    if (initialTemplateId && !started.current) {
      started.current = true;
      dryRun(initialTemplateId);
    }
  }, []);

  const commit = () => {
    if (!templateId) return;
    apply.mutate({ templateId, from, to, dryRun: false }, { onSuccess: onApplied });
  };
  const n = (value: number | null) => (value === null ? '—' : formatNumber(lang, value));
  return (
    <Paper withBorder p="md" mb="md" data-testid="template-panel">
      <Title order={2} size="h4" mb="sm" ref={heading} tabIndex={-1}>
        {t('demand.template.title')}
      </Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('demand.template.template')}
          data={usable.map((template) => ({ value: template.id, label: template.name }))}
          value={templateId}
          onChange={(value) => {
            setTemplateId(value);
            setPreview(null);
          }}
          w={240}
          data-testid="template-select"
        />
        <DayInput
          label={t('demand.template.from')}
          value={from}
          min={plan.from}
          max={plan.to}
          onChange={(day) => {
            setFrom(day);
            setPreview(null);
          }}
          w={170}
        />
        <DayInput
          label={t('demand.template.to')}
          value={to}
          min={plan.from}
          max={plan.to}
          onChange={(day) => {
            setTo(day);
            setPreview(null);
          }}
          w={170}
        />
        <Button
          variant="light"
          onClick={() => dryRun()}
          disabled={!templateId || !from || !to}
          loading={apply.isPending && !preview}
          data-testid="template-preview"
        >
          {t('demand.template.preview')}
        </Button>
      </Group>
      {apply.error && (
        <Alert color="red" role="alert" mt="sm">
          {apply.error instanceof ApiError ? demandProblem(t, apply.error) : t('error.network')}
        </Alert>
      )}
      {preview && (
        <div data-testid="template-diff">
          <Text mt="md" mb="xs" role="status">
            {t('demand.template.summary', {
              added: preview.added,
              changed: preview.changed,
              unchanged: preview.unchanged,
            })}
          </Text>
          {preview.cells.length > 0 && (
            <Table.ScrollContainer minWidth={520} mah={300}>
              <Table withTableBorder striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('demand.diff.change')}</Table.Th>
                    <Table.Th>{t('demand.diff.cell')}</Table.Th>
                    <Table.Th style={{ textAlign: 'end' }}>{t('demand.diff.previous')}</Table.Th>
                    <Table.Th style={{ textAlign: 'end' }}>{t('demand.diff.next')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.cells.slice(0, SHOWN).map((cell) => (
                    <Table.Tr
                      key={`${cell.date}|${cell.terminalCode}|${cell.shiftTemplateCode}|${cell.skillCode ?? ''}`}
                      data-testid="template-change"
                    >
                      <Table.Td>
                        <Badge color={cell.change === 'add' ? 'green' : 'orange'} variant="light">
                          {t(cell.change === 'add' ? 'demand.diff.add' : 'demand.diff.changed')}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {labels.date(cell.date)} · {cell.terminalCode} ·{' '}
                        {labels.shift(cell.shiftTemplateCode)}
                        {cell.skillCode ? ` · ${labels.skill(cell.skillCode)}` : ''}
                      </Table.Td>
                      <Table.Td style={{ textAlign: 'end' }}>{n(cell.previousRequired)}</Table.Td>
                      <Table.Td style={{ textAlign: 'end' }}>{n(cell.required)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {preview.cells.length > SHOWN && (
            <Text size="sm" mt="xs">
              {t('demand.diff.more', { count: preview.cells.length - SHOWN })}
            </Text>
          )}
        </div>
      )}
      <Group mt="md" gap="sm">
        <Button
          onClick={commit}
          disabled={!preview || preview.cells.length === 0}
          loading={apply.isPending && preview !== null}
          data-testid="template-commit"
        >
          {t('demand.template.commit')}
        </Button>
        <Button variant="default" onClick={onClose}>
          {t('demand.common.cancel')}
        </Button>
      </Group>
    </Paper>
  );
}
