import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { problemText, QueryState } from '../../../components/QueryState';
import { ApiError } from '../../../lib/api/client';
import { usePermissions } from '../../../lib/auth/permissions';
import { formatDay, formatInstant, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { paths } from '../../../lib/paths';
import { useUnit } from '../../../lib/unit';
import { type AttendanceReview, useDecideReview, usePendingAttendanceReviews } from '../api';
import { ValuesText } from '../components/ValuesText';

/** The edits awaiting review, each acknowledged as it stands or reverted to the values before it. */
export default function AttendanceReviewsPage() {
  const t = useT();
  const reviews = usePendingAttendanceReviews();
  const items = reviews.data?.items ?? [];
  return (
    <>
      <PageHeader title={t('reviews.title')} description={t('reviews.description')} />
      <QueryState query={reviews}>
        {items.length === 0 ? (
          <Text c="dimmed" data-testid="queue-empty">
            {t('reviews.empty')}
          </Text>
        ) : (
          <Stack gap="md">
            {items.map((review) => (
              <ReviewCard key={review.id} review={review} />
            ))}
          </Stack>
        )}
      </QueryState>
    </>
  );
}

function ReviewCard({ review }: { review: AttendanceReview }) {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const { has } = usePermissions();
  const decide = useDecideReview();
  const [comment, setComment] = useState('');
  const record = review.record;
  const run = (decision: 'acknowledge' | 'revert') => decide.mutate({ id: review.id, decision, comment });
  return (
    <Card
      withBorder
      data-testid="review-item"
      data-employee={record.employee.employeeNumber}
      data-date={record.date}
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={700}>
          {localName(lang, record.employee)} <bdi dir="ltr">({record.employee.employeeNumber})</bdi>
        </Text>
        <Group gap="xs">
          <Text size="sm">
            {formatDay(lang, record.date, {
              weekday: 'short',
              day: 'numeric',
              month: 'short',
              year: 'numeric',
            })}
          </Text>
          {has('attendance.view.all') && (
            <Button
              component={Link}
              to={paths.attendanceRecord(record.id)}
              variant="subtle"
              size="compact-sm"
            >
              {t('attendanceAdmin.reviews.open')}
            </Button>
          )}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
        <div>
          <Text size="xs" c="dimmed">
            {t('reviews.before')}
          </Text>
          <ValuesText values={review.before} />
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t('reviews.after')}
          </Text>
          <ValuesText values={review.after} />
        </div>
      </SimpleGrid>
      <Text size="sm" mt="xs">
        {t('attendanceAdmin.reviews.editedBy', {
          name: review.lastEditedBy.username ?? '—',
          at: formatInstant(lang, review.lastEditedAt, unit.timeZone),
          count: review.edits,
        })}
      </Text>
      {review.reason && (
        <Text size="sm" c="dimmed">
          “{review.reason}”
        </Text>
      )}
      <Textarea
        mt="sm"
        label={t('attendanceAdmin.reviews.comment')}
        autosize
        minRows={1}
        maxLength={1000}
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
      />
      {decide.error && (
        <Alert color="red" mt="sm" role="alert">
          {decide.error instanceof ApiError ? problemText(t, decide.error) : t('error.network')}
        </Alert>
      )}
      <Group mt="sm" gap="sm">
        <Button
          color="green"
          loading={decide.isPending && decide.variables?.decision === 'acknowledge'}
          onClick={() => run('acknowledge')}
        >
          {t('attendanceAdmin.reviews.acknowledge')}
        </Button>
        <Button
          color="red"
          variant="light"
          loading={decide.isPending && decide.variables?.decision === 'revert'}
          onClick={() => run('revert')}
        >
          {t('attendanceAdmin.reviews.revert')}
        </Button>
        {record.pendingReviewId === review.id && (
          <Badge color="orange" variant="light">
            {t('attendance.underReview')}
          </Badge>
        )}
      </Group>
    </Card>
  );
}
