import { Anchor, Badge, SegmentedControl, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useCatalogue } from '../../../lib/api/lookups';
import { formatDay, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { paths } from '../../../lib/paths';
import { useExpiring } from '../api';
import { PagedTable, useListParams } from '../components/shared';

const WINDOWS = ['30', '60', '90'] as const;

/** Certifications that lapse within a window (30 days unless chosen), soonest first. */
export default function ExpiringCertificationsPage() {
  const t = useT();
  const lang = useLanguage();
  const { values, page, set } = useListParams(['within'] as const);
  const within = (WINDOWS as readonly string[]).includes(values.within) ? values.within : '30';
  const expiring = useExpiring(Number(within), page);
  const departments = useCatalogue('departments');
  const departmentName = new Map((departments.data ?? []).map((d) => [d.id, localName(lang, d)]));
  return (
    <>
      <PageHeader title={t('people.expiring.title')} description={t('people.expiring.description')} />
      <Text id="within-label" size="sm" fw={500} mb={4}>
        {t('people.expiring.within')}
      </Text>
      <SegmentedControl
        mb="md"
        aria-labelledby="within-label"
        value={within}
        onChange={(value) => set({ within: value })}
        data={WINDOWS.map((days) => ({
          value: days,
          label: t('people.expiring.days', { count: Number(days) }),
        }))}
      />
      <PagedTable
        query={expiring}
        empty={t('people.expiring.empty')}
        caption={t('people.expiring.title')}
        head={[
          t('people.employees.name'),
          t('people.employees.department'),
          t('people.certs.code'),
          t('people.certs.expires'),
          t('people.certs.status'),
        ]}
        page={page}
        onPage={(p) => set({ page: String(p) })}
      >
        {(row) => (
          <Table.Tr key={row.certification.id} data-testid="expiring-row">
            <Table.Td>
              <Anchor component={Link} to={paths.employee(row.certification.employeeId)}>
                {localName(lang, row)}
              </Anchor>{' '}
              <Text span size="xs" c="dimmed">
                <bdi>{row.employeeNumber}</bdi>
              </Text>
            </Table.Td>
            <Table.Td>{row.departmentId ? (departmentName.get(row.departmentId) ?? '—') : '—'}</Table.Td>
            <Table.Td>
              <bdi>{row.certification.certificationCode}</bdi>
            </Table.Td>
            <Table.Td>
              {row.certification.expiresOn ? formatDay(lang, row.certification.expiresOn) : '—'}
            </Table.Td>
            <Table.Td>
              <Badge color={(row.certification.daysToExpiry ?? 0) < 0 ? 'red' : 'orange'} variant="light">
                {(row.certification.daysToExpiry ?? 0) < 0
                  ? t('certs.expired')
                  : t('certs.expiresIn', { count: row.certification.daysToExpiry ?? 0 })}
              </Badge>
            </Table.Td>
          </Table.Tr>
        )}
      </PagedTable>
    </>
  );
}
