import { Alert, Badge, Button, Group, Table, Text } from '@mantine/core';
import { formatNumber } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import type { MatrixLabels } from './DemandMatrix';
import type { StaleChange } from './matrixModel';

const SHOWN = 200;

/**
 * A save that met a newer version (412): each cell the server changed since the edit began beside the
 * person's own edits, then the two ways on: reload the server's plan (dropping the edits), or lay the
 * edits again over it and save once more.
 */
export function StaleNotice({
  changes,
  labels,
  onReload,
  onReapply,
}: {
  changes: readonly StaleChange[];
  labels: MatrixLabels;
  onReload: () => void;
  onReapply: () => void;
}) {
  const t = useT();
  const lang = useLanguage();
  const n = (value: number | null) => (value === null ? '—' : formatNumber(lang, value));
  const conflicts = changes.filter((change) => change.conflict).length;
  return (
    <Alert
      color="orange"
      title={t('demand.stale.title')}
      role="alert"
      mb="md"
      data-testid="stale-notice"
      // The alert's body may narrow below the table's width, so that the table scrolls inside it on a phone
      // instead of widening the sentence and the buttons past the card.
      styles={{ body: { minWidth: 0 } }}
    >
      <Text size="sm" mb="xs">
        {t('demand.stale.body', { conflicts })}
      </Text>
      <Table.ScrollContainer minWidth={520} mah={260}>
        <Table withTableBorder striped data-testid="stale-diff">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('demand.diff.cell')}</Table.Th>
              <Table.Th style={{ textAlign: 'end' }}>{t('demand.stale.before')}</Table.Th>
              <Table.Th style={{ textAlign: 'end' }}>{t('demand.stale.server')}</Table.Th>
              <Table.Th style={{ textAlign: 'end' }}>{t('demand.stale.mine')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.slice(0, SHOWN).map((change) => (
              <Table.Tr key={change.key} data-testid="stale-change">
                <Table.Td>
                  {labels.date(change.date)} · {labels.terminal(change.terminalCode)} ·{' '}
                  {labels.shift(change.shiftTemplateCode)}
                  {change.skillCode ? ` · ${labels.skill(change.skillCode)}` : ''}
                  {change.conflict && (
                    <Badge color="red" variant="light" ms="xs">
                      {t('demand.stale.conflict')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td style={{ textAlign: 'end' }}>{n(change.before)}</Table.Td>
                <Table.Td style={{ textAlign: 'end' }} data-testid="stale-server">
                  {n(change.server)}
                </Table.Td>
                <Table.Td style={{ textAlign: 'end' }} data-testid="stale-mine">
                  {n(change.mine)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {changes.length > SHOWN && (
        <Text size="sm" mt="xs">
          {t('demand.diff.more', { count: changes.length - SHOWN })}
        </Text>
      )}
      <Group mt="sm" gap="sm">
        <Button onClick={onReapply} data-testid="stale-reapply">
          {t('demand.stale.reapply')}
        </Button>
        <Button variant="default" onClick={onReload} data-testid="stale-reload">
          {t('demand.stale.reload')}
        </Button>
      </Group>
    </Alert>
  );
}
