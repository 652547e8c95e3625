import { Alert, Button, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { DayInput } from '../../../components/DayInput';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { useOpenShiftRefusal, useReasonName } from '../../../components/RuleReasons';
import { today } from '../../../lib/dates';
import { hasMessage, type MessageId, useT } from '../../../lib/i18n/I18nProvider';
import { useUnit } from '../../../lib/unit';
import {
  type OpenShiftClaim,
  useClaimOpenShift,
  useMyClaims,
  useMyOpenShifts,
  useWithdrawClaim,
} from '../api';
import { ClaimStatusBadge, OfferLine, useOfferLabel } from '../components/OfferLine';

/** Why a claim ended as it did, in words; the engine's rules named when its checker refused. */
function ClaimOutcome({ claim }: { claim: OpenShiftClaim }) {
  const t = useT();
  const reasonName = useReasonName();
  if (claim.status === 'Approved') return <Text size="sm">{t('openShifts.outcome.approved')}</Text>;
  if (claim.status !== 'Declined' || !claim.reason) return null;
  const key = `openShifts.reason.${claim.reason}`;
  return (
    <Text size="sm" c="red.9" data-testid="claim-reason">
      {hasMessage(key) ? t(key as MessageId) : claim.reason}
      {claim.reasonCodes?.length ? ` (${claim.reasonCodes.map((code) => reasonName(code)).join('، ')})` : ''}
    </Text>
  );
}

export default function MyOpenShiftsPage() {
  const t = useT();
  const label = useOfferLabel();
  const unit = useUnit();
  // From today unless the person looks further ahead (or a link names the day): 13 weeks from there.
  const [params, setParams] = useSearchParams();
  const from = params.get('from') || today(unit.timeZone);
  const offers = useMyOpenShifts(from);
  const claims = useMyClaims();
  const claim = useClaimOpenShift();
  const withdraw = useWithdrawClaim();
  const refusal = useOpenShiftRefusal();
  const error = claim.error ?? withdraw.error;
  return (
    <>
      <PageHeader title={t('openShifts.mine.title')} description={t('openShifts.mine.description')} />
      {error && (
        <Alert color="red" role="alert" title={t('openShifts.refused')} mb="md" data-testid="claim-refused">
          {refusal(error)}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Title order={2} size="h4" mb="sm">
            {t('openShifts.mine.offered')}
          </Title>
          <DayInput
            label={t('openShifts.mine.from')}
            description={t('openShifts.mine.fromHint')}
            value={from}
            required
            onChange={(day) => setParams(day ? { from: day } : {}, { replace: true })}
            w={220}
            mb="sm"
            data-testid="open-shifts-from"
          />
          <QueryState query={offers}>
            {offers.data?.length === 0 ? (
              <Text c="dimmed">{t('openShifts.mine.none')}</Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="my-open-shifts">
                {offers.data?.map((offer) => (
                  <Card
                    key={offer.id}
                    withBorder
                    data-testid="open-shift"
                    data-date={offer.date}
                    data-line={offer.demandLineId}
                  >
                    <Stack gap="xs">
                      <OfferLine offer={offer} />
                      {offer.myClaim ? (
                        <Group gap="xs">
                          <ClaimStatusBadge status={offer.myClaim.status} />
                          {offer.myClaim.status === 'Pending' && (
                            <Button
                              size="xs"
                              variant="light"
                              color="red"
                              loading={withdraw.isPending && withdraw.variables === offer.myClaim.id}
                              onClick={() => offer.myClaim && withdraw.mutate(offer.myClaim.id)}
                              aria-label={t('openShifts.withdrawClaimOf', { line: label(offer) })}
                            >
                              {t('openShifts.withdrawClaim')}
                            </Button>
                          )}
                        </Group>
                      ) : (
                        <Button
                          size="xs"
                          loading={claim.isPending && claim.variables === offer.id}
                          disabled={claim.isPending}
                          onClick={() => claim.mutate(offer.id)}
                          aria-label={t('openShifts.claimLine', { line: label(offer) })}
                        >
                          {t('openShifts.claim')}
                        </Button>
                      )}
                    </Stack>
                  </Card>
                ))}
              </SimpleGrid>
            )}
          </QueryState>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Title order={2} size="h4" mb="sm">
            {t('openShifts.mine.claims')}
          </Title>
          <QueryState query={claims}>
            {claims.data?.length === 0 ? (
              <Text c="dimmed">{t('openShifts.mine.noClaims')}</Text>
            ) : (
              <Stack gap="sm" data-testid="my-claims">
                {claims.data?.map((item) => (
                  <Card
                    key={item.id}
                    withBorder
                    data-testid="my-claim"
                    data-date={item.openShift.date}
                    data-line={item.openShift.demandLineId}
                  >
                    <Group justify="space-between" align="flex-start" wrap="nowrap">
                      <OfferLine offer={item.openShift} />
                      <ClaimStatusBadge status={item.status} />
                    </Group>
                    <ClaimOutcome claim={item} />
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
