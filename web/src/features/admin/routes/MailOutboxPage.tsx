import { Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { Pager } from '../../../components/Pager';
import { QueryState } from '../../../components/QueryState';
import { formatInstant } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useUnit } from '../../../lib/unit';
import { OUTBOX_PAGE_SIZE, useMailOutbox } from '../api/outbox';

/**
 * The development outbox: with no SMTP_URL the service keeps each mail here instead of sending it. A mail
 * is shown as it was written, in its recipient's language and direction (`dir="auto"`), never translated.
 */
export default function MailOutboxPage() {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const [page, setPage] = useState(1);
  const outbox = useMailOutbox(page);
  return (
    <>
      <PageHeader title={t('admin.outbox.title')} description={t('admin.outbox.description')} />
      <Text size="sm" mb="md">
        {t('admin.outbox.configure')} <Code>SMTP_URL</Code>
      </Text>
      <QueryState query={outbox}>
        {outbox.data?.total === 0 ? (
          <Text c="dimmed" data-testid="outbox-empty">
            {t('admin.outbox.none')}
          </Text>
        ) : (
          <Stack gap="md" data-testid="outbox">
            {outbox.data?.items.map((mail) => (
              <Card key={mail.id} withBorder data-testid="outbox-mail" component="article">
                <Stack gap={4}>
                  <Title order={2} size="h5" dir="auto" translate="no">
                    {mail.subject}
                  </Title>
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" c="dimmed">
                      {t('admin.outbox.to')}
                    </Text>
                    <Text size="sm" dir="ltr" translate="no">
                      {mail.recipient}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {formatInstant(lang, mail.createdAt, unit.timeZone)}
                    </Text>
                  </Group>
                  <Text
                    size="sm"
                    dir="auto"
                    translate="no"
                    style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                  >
                    {mail.text}
                  </Text>
                </Stack>
              </Card>
            ))}
            <Pager
              page={page}
              total={outbox.data?.total ?? 0}
              pageSize={OUTBOX_PAGE_SIZE}
              onChange={setPage}
            />
          </Stack>
        )}
      </QueryState>
    </>
  );
}
