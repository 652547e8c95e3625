import { Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorNotice, QueryState } from '../../../components/QueryState';
import { useMyLeaveRequests } from '../../../lib/api/leave';
import { useProfile } from '../../../lib/api/profile';
import { usePermissions } from '../../../lib/auth/permissions';
import { today as todayIn } from '../../../lib/dates';
import { formatDay } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useUnit } from '../../../lib/unit';
import { useCancelLeave } from '../api';
import { LeaveForm } from '../components/LeaveForm';
import { LeaveStatusBadge, LeaveSteps } from '../components/LeaveSteps';

export default function MyLeavePage() {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const { has } = usePermissions();
  const profile = useProfile();
  const mine = useMyLeaveRequests();
  const cancel = useCancelLeave();
  const today = todayIn(unit.timeZone);
  const items = [...(mine.data ?? [])].sort((a, b) => b.from.localeCompare(a.from));
  return (
    <>
      <PageHeader title={t('leave.mine.title')} description={t('leave.mine.description')} />
      <Grid gap="lg">
        {has('leave_request.submit') && profile.data?.employeeId && (
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                {t('leave.form.title')}
              </Title>
              <LeaveForm mine={items} today={today} />
            </Card>
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Title order={2} size="h4" mb="sm">
            {t('leave.mine.list')}
          </Title>
          {cancel.error && <ErrorNotice error={cancel.error} />}
          <QueryState query={mine}>
            {items.length === 0 ? (
              <Text c="dimmed">{t('leave.mine.empty')}</Text>
            ) : (
              <Stack gap="sm" data-testid="my-leave">
                {items.map((request) => (
                  <Card key={request.id} withBorder data-testid="leave-request">
                    <Group justify="space-between" wrap="wrap">
                      <Text fw={700}>
                        {formatDay(lang, request.from)} – {formatDay(lang, request.to)}
                      </Text>
                      <LeaveStatusBadge status={request.Status} />
                    </Group>
                    <Text size="sm">{t('leave.form.days', { count: request.days })}</Text>
                    {request.comment && (
                      <Text size="sm" c="dimmed">
                        {request.comment}
                      </Text>
                    )}
                    <LeaveSteps request={request} />
                    {(request.Status === 'Pending' ||
                      request.Status === 'ManagerApproved' ||
                      request.Status === 'Approved') &&
                      request.from > today && (
                        <Button
                          variant="light"
                          color="red"
                          mt="sm"
                          size="xs"
                          loading={cancel.isPending && cancel.variables?.id === request.id}
                          onClick={() => cancel.mutate(request)}
                        >
                          {t('leave.cancel')}
                        </Button>
                      )}
                  </Card>
                ))}
              </Stack>
            )}
          </QueryState>
        </Grid.Col>
      </Grid>
    </>
  );
}
