import { Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DecisionCard } from '../../../components/DecisionCard';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { announcements } from '../../../lib/announcements';
import { usePermissions } from '../../../lib/auth/permissions';
import { formatDay, formatInstant, isolated } from '../../../lib/i18n/format';
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
  const record = review.record;
  return (
    <DecisionCard
      attributes={{
        'data-testid': 'review-item',
        'data-employee': record.employee.employeeNumber,
        'data-date': record.date,
      }}
      employee={record.employee}
      aside={
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
      }
      commentLabel={t('attendanceAdmin.reviews.comment')}
      decisions={[
        { value: 'acknowledge', label: t('attendanceAdmin.reviews.acknowledge'), color: 'green' },
        { value: 'revert', label: t('attendanceAdmin.reviews.revert'), color: 'red' },
      ]}
      decide={{
        mutate: (decision, comment) =>
          decide.mutate(
            { id: review.id, decision, comment },
            {
              onSuccess: () =>
                announcements.say(
                  t(
                    decision === 'acknowledge'
                      ? 'attendanceAdmin.reviews.doneAcknowledged'
                      : 'attendanceAdmin.reviews.doneReverted',
                  ),
                ),
            },
          ),
        pending: decide.isPending ? (decide.variables?.decision ?? null) : null,
        error: decide.error,
      }}
      footer={
        record.pendingReviewId === review.id && (
          <Badge color="orange" variant="light">
            {t('common.attendance.underReview')}
          </Badge>
        )
      }
    >
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
          name: isolated(review.lastEditedBy.username ?? '—'),
          at: isolated(formatInstant(lang, review.lastEditedAt, unit.timeZone)),
          count: review.edits,
        })}
      </Text>
      {review.reason && (
        <Text size="sm" c="dimmed">
          “{review.reason}”
        </Text>
      )}
    </DecisionCard>
  );
}
