import { Box, Group, SegmentedControl, Table, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useLanguage, useT } from '../../lib/i18n/I18nProvider';
import { barPercent, barStart, niceMax } from './barChart';

export interface BarSeries {
  key: string;
  label: string;
  color: string;
}

export interface BarCategory {
  key: string;
  label: string;
  values: Record<string, number>;
}

const BAR = 10;
const GAP = 3;

/**
 * A horizontal grouped bar chart in SVG: a row per category (its label in HTML, so that it wraps and
 * reads in either direction), a bar per series drawn from the inline start. Each row is an image named
 * by its values for screen readers, and the same numbers are a table one switch away.
 */
export function BarChart({
  title,
  series,
  categories,
  format,
  max,
  testId,
}: {
  title: string;
  series: BarSeries[];
  categories: BarCategory[];
  format: (value: number) => string;
  /** The axis' end; by default a round number above the largest value. */
  max?: number;
  testId?: string;
}) {
  const t = useT();
  const rtl = useLanguage() === 'ar';
  const titleId = useId();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const axis =
    max ?? niceMax(Math.max(0, ...categories.flatMap((c) => series.map((s) => c.values[s.key] ?? 0))));
  const height = series.length * (BAR + GAP);
  const describe = (category: BarCategory) =>
    `${category.label}: ${series.map((s) => `${s.label} ${format(category.values[s.key] ?? 0)}`).join(', ')}`;
  return (
    <Box component="figure" m={0} data-testid={testId}>
      <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
        <Text component="figcaption" fw={700} id={titleId}>
          {title}
        </Text>
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(value) => setView(value as 'chart' | 'table')}
          aria-label={t('common.chart.view')}
          data={[
            { value: 'chart', label: t('common.chart.asChart') },
            { value: 'table', label: t('common.chart.asTable') },
          ]}
        />
      </Group>
      {view === 'chart' ? (
        <>
          <Group gap="md" mb="xs" aria-hidden>
            {series.map((s) => (
              <Group key={s.key} gap={4} wrap="nowrap">
                <svg width="12" height="12" aria-hidden focusable="false">
                  <rect width="12" height="12" rx="2" fill={s.color} />
                </svg>
                <Text size="xs">{s.label}</Text>
              </Group>
            ))}
            <Text size="xs" c="dimmed">
              {t('common.chart.axis', { max: format(axis) })}
            </Text>
          </Group>
          <Box
            role="list"
            aria-labelledby={titleId}
            style={{ display: 'grid', gridTemplateColumns: 'minmax(4.5rem, 9rem) minmax(0, 1fr)', gap: 6 }}
          >
            {categories.map((category) => (
              <Box key={category.key} role="listitem" style={{ display: 'contents' }}>
                <Text size="xs" style={{ alignSelf: 'center', overflowWrap: 'anywhere' }}>
                  {category.label}
                </Text>
                <svg
                  width="100%"
                  height={height}
                  role="img"
                  aria-label={describe(category)}
                  data-testid="bar-row"
                  style={{ display: 'block' }}
                >
                  <title>{describe(category)}</title>
                  {series.map((s, index) => {
                    const percent = barPercent(category.values[s.key] ?? 0, axis);
                    return (
                      <rect
                        key={s.key}
                        x={`${barStart(percent, rtl)}%`}
                        y={index * (BAR + GAP)}
                        width={`${percent}%`}
                        height={BAR}
                        rx={2}
                        fill={s.color}
                      />
                    );
                  })}
                </svg>
              </Box>
            ))}
          </Box>
        </>
      ) : (
        <Table.ScrollContainer minWidth={280}>
          <Table striped aria-labelledby={titleId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('common.chart.category')}</Table.Th>
                {series.map((s) => (
                  <Table.Th key={s.key} scope="col">
                    {s.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {categories.map((category) => (
                <Table.Tr key={category.key}>
                  <Table.Th scope="row" fw={400}>
                    {category.label}
                  </Table.Th>
                  {series.map((s) => (
                    <Table.Td key={s.key}>{format(category.values[s.key] ?? 0)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Box>
  );
}
