import { Table, Text } from '@mantine/core';
import { formatList, formatMoney, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import type { LabourCost } from '../api';

const PARTS = ['base', 'night', 'weekend', 'holiday', 'overtime'] as const;

/** The figures of priced work: base pay, each premium, the total, and the hours. */
export function CostBreakdown({ cost, label, testId }: { cost: LabourCost; label: string; testId?: string }) {
  const t = useT();
  const lang = useLanguage();
  const money = (amount: string) => formatMoney(lang, amount, cost.currency);
  // Which rate is missing, so the hours can be priced: the grades without one, and staff with no grade.
  const unratedWhy = [
    cost.unratedGrades?.length
      ? t('costs.part.unratedGrades', {
          grades: formatList(
            lang,
            cost.unratedGrades.map((grade) => localName(lang, grade)),
          ),
        })
      : '',
    cost.employeesWithoutGrade ? t('costs.part.withoutGrade', { count: cost.employeesWithoutGrade }) : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Table.ScrollContainer minWidth={240}>
      <Table aria-label={label} data-testid={testId}>
        <Table.Tbody>
          {PARTS.map((part) => (
            <Table.Tr key={part}>
              <Table.Th scope="row" fw={400}>
                {t(`costs.part.${part}`)}
              </Table.Th>
              <Table.Td>{money(cost[part])}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row">{t('costs.part.total')}</Table.Th>
            <Table.Td fw={700} data-testid={testId && `${testId}-total`}>
              {money(cost.total)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row" fw={400}>
              {t('costs.part.hours')}
            </Table.Th>
            <Table.Td>{cost.hours}</Table.Td>
          </Table.Tr>
          {cost.unratedHours !== '0.00' && (
            <Table.Tr>
              <Table.Th scope="row" fw={400}>
                {t('costs.part.unratedHours')}
              </Table.Th>
              <Table.Td>
                {cost.unratedHours}
                {unratedWhy && (
                  <Text size="sm" c="dimmed" data-testid={testId && `${testId}-unrated`}>
                    {unratedWhy}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
