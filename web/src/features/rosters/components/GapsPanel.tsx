import { Alert, Badge, Button, Group, Modal, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { CandidatesTable } from '../../../components/CandidatesTable';
import { ReasonCounts, useOpenShiftRefusal, useRefusalText } from '../../../components/RuleReasons';
import { announcements } from '../../../lib/announcements';
import { type CodeNames, useCodeNames } from '../../../lib/api/lookups';
import { usePermissions } from '../../../lib/auth/permissions';
import { formatDay, formatNumber } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { type RosterGap, useCoverCandidates, useCoverGap, useOfferGap } from '../api';

const gapLabel = (lang: 'en' | 'ar', gap: RosterGap, names: CodeNames) =>
  [
    formatDay(lang, gap.date),
    names.terminal(gap.terminal.code),
    names.shift(gap.shift.code),
    gap.skill && names.skill(gap.skill.code),
  ]
    .filter(Boolean)
    .join(' · ');

/** The open lines of the live roster, why each is open, and a way to cover it. */
export function GapsPanel({ gaps }: { gaps: RosterGap[] }) {
  const t = useT();
  const lang = useLanguage();
  const names = useCodeNames();
  const { has } = usePermissions();
  const [covering, setCovering] = useState<RosterGap | null>(null);
  const offer = useOfferGap();
  const offerRefusal = useOpenShiftRefusal();
  // Whoever may not cover a gap by hand (a manager) may still offer it as an open shift.
  const offersOnly = !has('roster.create') && has('open_shift.offer');
  if (!gaps.length)
    return (
      <Text c="dimmed" data-testid="no-gaps">
        {t('rosters.gaps.none')}
      </Text>
    );
  return (
    <>
      <OfferOutcome offer={offer} refusal={offerRefusal} />
      <Table.ScrollContainer minWidth={640}>
        <Table striped data-testid="gaps">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('rosters.gaps.line')}</Table.Th>
              <Table.Th>{t('rosters.gaps.missing')}</Table.Th>
              <Table.Th>{t('rosters.gaps.why')}</Table.Th>
              {(has('roster.create') || offersOnly) && <Table.Th>{t('rosters.gaps.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {gaps.map((gap) => (
              <Table.Tr
                key={gap.demandLineId}
                data-testid="gap"
                data-line={gap.demandLineId}
                data-date={gap.date}
              >
                <Table.Td>{gapLabel(lang, gap, names)}</Table.Td>
                <Table.Td>
                  {t('rosters.gaps.missingOf', {
                    missing: formatNumber(lang, gap.missing),
                    required: formatNumber(lang, gap.required),
                  })}
                </Table.Td>
                <Table.Td>
                  {gap.openBecause.candidates > 0 ? (
                    <Badge color="blue" variant="light" tt="none">
                      {t('rosters.gaps.candidates', { count: gap.openBecause.candidates })}
                    </Badge>
                  ) : (
                    <ReasonCounts reasons={gap.openBecause.reasons} />
                  )}
                </Table.Td>
                {has('roster.create') && (
                  <Table.Td>
                    <Button
                      size="xs"
                      onClick={() => setCovering(gap)}
                      aria-label={t('rosters.gaps.coverLine', { line: gapLabel(lang, gap, names) })}
                    >
                      {t('rosters.gaps.cover')}
                    </Button>
                  </Table.Td>
                )}
                {offersOnly && (
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      loading={offer.isPending && offer.variables === gap.demandLineId}
                      onClick={() => offer.mutate(gap.demandLineId)}
                      aria-label={t('rosters.offer.line', { line: gapLabel(lang, gap, names) })}
                    >
                      {t('rosters.offer.button')}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <CoverModal
        gap={covering}
        onClose={() => setCovering(null)}
        label={covering ? gapLabel(lang, covering, names) : ''}
      />
    </>
  );
}

/** Who can cover the gap, ranked; one click assigns, and the service's refusal is shown with its rule. */
function CoverModal({ gap, label, onClose }: { gap: RosterGap | null; label: string; onClose: () => void }) {
  const t = useT();
  const lang = useLanguage();
  const candidates = useCoverCandidates(gap?.demandLineId ?? null);
  const cover = useCoverGap();
  const offer = useOfferGap();
  const { has } = usePermissions();
  const refusal = useRefusalText();
  const offerRefusal = useOpenShiftRefusal();
  const close = () => {
    cover.reset();
    offer.reset();
    onClose();
  };
  return (
    <Modal
      lockScroll={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={gap !== null}
      onClose={close}
      title={t('rosters.cover.title', { line: label })}
      size="xl"
    >
      {cover.error && (
        <Alert
          color="red"
          role="alert"
          title={t('rosters.cover.refused')}
          mb="sm"
          data-testid="cover-refused"
        >
          {refusal(cover.error)}
        </Alert>
      )}
      {has('open_shift.offer') && (
        <Group mb="sm" gap="sm">
          <Button
            variant="light"
            size="xs"
            disabled={offer.isSuccess}
            loading={offer.isPending}
            onClick={() => gap && offer.mutate(gap.demandLineId)}
          >
            {t('rosters.offer.instead')}
          </Button>
          <OfferOutcome offer={offer} refusal={offerRefusal} />
        </Group>
      )}
      <CandidatesTable
        query={candidates}
        empty={t('rosters.cover.none')}
        testId="cover-candidates"
        rowTestId="cover-candidate"
        last={{
          header: t('rosters.cover.assign'),
          cell: (candidate, who) => (
            <Group gap={4}>
              <Button
                size="xs"
                loading={cover.isPending && cover.variables?.employeeId === candidate.employee.id}
                disabled={cover.isPending}
                aria-label={t('rosters.cover.assignWho', { who })}
                onClick={() =>
                  gap &&
                  cover.mutate(
                    { employeeId: candidate.employee.id, date: gap.date, demandLineId: gap.demandLineId },
                    {
                      onSuccess: () => {
                        close();
                        announcements.say(t('rosters.cover.done', { who, date: formatDay(lang, gap.date) }));
                      },
                    },
                  )
                }
              >
                {t('rosters.cover.assign')}
              </Button>
            </Group>
          ),
        }}
      />
    </Modal>
  );
}

/** Whether the last offer landed (eligible employees may claim it now) or why not. */
function OfferOutcome({
  offer,
  refusal,
}: {
  offer: ReturnType<typeof useOfferGap>;
  refusal: (error: unknown) => string;
}) {
  const t = useT();
  if (offer.isSuccess)
    return (
      <Text size="sm" fw={600} role="status" data-testid="gap-offered">
        {t('rosters.offer.done')}
      </Text>
    );
  if (offer.error)
    return (
      <Text size="sm" c="red.9" role="alert" data-testid="offer-refused">
        {refusal(offer.error)}
      </Text>
    );
  return null;
}
