import { Alert, Badge, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { formatDay } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useMyCertifications } from '../api';
import { expiryLevel } from '../certifications';

export default function MyCertificationsPage() {
  const t = useT();
  const lang = useLanguage();
  const certifications = useMyCertifications();
  const items = certifications.data?.items ?? [];
  const warnings = items.filter((cert) => cert.Status !== 'Revoked' && expiryLevel(cert) !== 'ok');
  return (
    <>
      <PageHeader title={t('certs.title')} description={t('certs.description')} />
      <QueryState query={certifications}>
        {warnings.length > 0 && (
          <Alert
            color="orange"
            mb="md"
            role="status"
            title={t('certs.warning.title', { count: warnings.length })}
          >
            {t('certs.warning.body')}
          </Alert>
        )}
        {items.length === 0 ? (
          <Text c="dimmed">{t('certs.empty')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {items.map((cert) => {
              const level = expiryLevel(cert);
              return (
                <Card key={cert.id} withBorder data-testid="certification">
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={700}>
                      <bdi>{cert.certificationCode}</bdi>
                    </Text>
                    <Badge color={cert.Status === 'Active' ? 'green' : 'gray'}>
                      {t(`certs.status.${cert.Status}`)}
                    </Badge>
                  </Group>
                  <Text size="sm">{t('certs.issued', { date: formatDay(lang, cert.issuedOn) })}</Text>
                  <Text size="sm">
                    {cert.expiresOn
                      ? t('certs.expires', { date: formatDay(lang, cert.expiresOn) })
                      : t('certs.noExpiry')}
                  </Text>
                  {level !== 'ok' && cert.Status !== 'Revoked' && (
                    <Badge mt="xs" color={level === 'expired' ? 'red' : 'orange'} variant="filled">
                      {level === 'expired'
                        ? t('certs.expired')
                        : t('certs.expiresIn', { count: cert.daysToExpiry ?? 0 })}
                    </Badge>
                  )}
                </Card>
              );
            })}
          </SimpleGrid>
        )}
      </QueryState>
    </>
  );
}
