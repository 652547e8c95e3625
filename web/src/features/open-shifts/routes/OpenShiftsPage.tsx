import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { useOpenShiftRefusal } from '../../../components/RuleReasons';
import { announcements } from '../../../lib/announcements';
import { usePermissions } from '../../../lib/auth/permissions';
import { formatNumber, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useApproveClaim, useOpenOffers, usePendingClaims, useWithdrawOffer } from '../api';
import { OfferStatusBadge, useOfferLabel } from '../components/OfferLine';

/** The planner's and manager's side: claims waiting for a decision, and the offers still open. */
export default function OpenShiftsPage() {
  const t = useT();
  const lang = useLanguage();
  const label = useOfferLabel();
  const { has } = usePermissions();
  const claims = usePendingClaims();
  const offers = useOpenOffers();
  const approve = useApproveClaim();
  const withdraw = useWithdrawOffer();
  const refusal = useOpenShiftRefusal();
  const error = approve.error ?? withdraw.error;
  return (
    <>
      <PageHeader title={t('openShifts.title')} description={t('openShifts.description')} />
      {error && (
        <Alert
          color="red"
          role="alert"
          title={t('openShifts.refused')}
          mb="md"
          data-testid="decision-refused"
        >
          {refusal(error)}
        </Alert>
      )}
      <Stack gap="xl">
        <section>
          <Title order={2} size="h4" mb="sm">
            {t('openShifts.claims.title')}
          </Title>
          <QueryState query={claims}>
            {claims.data?.length === 0 ? (
              <Text c="dimmed">{t('openShifts.claims.none')}</Text>
            ) : (
              <Table.ScrollContainer minWidth={560}>
                <Table striped data-testid="pending-claims">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('openShifts.line')}</Table.Th>
                      <Table.Th>{t('openShifts.claims.employee')}</Table.Th>
                      <Table.Th>{t('openShifts.claims.decide')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {claims.data?.map((claim) => {
                      const who = `${claim.employee.employeeNumber} ${localName(lang, claim.employee)}`;
                      return (
                        <Table.Tr
                          key={claim.id}
                          data-testid="pending-claim"
                          data-date={claim.openShift.date}
                          data-line={claim.openShift.demandLineId}
                        >
                          <Table.Td>{label(claim.openShift)}</Table.Td>
                          <Table.Td>{who}</Table.Td>
                          <Table.Td>
                            {has('open_shift.approve') && (
                              <Button
                                size="xs"
                                loading={approve.isPending && approve.variables === claim.id}
                                disabled={approve.isPending}
                                onClick={() =>
                                  approve.mutate(claim.id, {
                                    onSuccess: () =>
                                      announcements.say(
                                        t('openShifts.claims.done', { who, line: label(claim.openShift) }),
                                      ),
                                  })
                                }
                                aria-label={t('openShifts.claims.approveWho', {
                                  who,
                                  line: label(claim.openShift),
                                })}
                              >
                                {t('openShifts.claims.approve')}
                              </Button>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </QueryState>
        </section>
        <section>
          <Title order={2} size="h4" mb="sm">
            {t('openShifts.offers.title')}
          </Title>
          <QueryState query={offers}>
            {offers.data?.length === 0 ? (
              <Text c="dimmed">{t('openShifts.offers.none')}</Text>
            ) : (
              <Table.ScrollContainer minWidth={560}>
                <Table striped data-testid="open-offers">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('openShifts.line')}</Table.Th>
                      <Table.Th>{t('openShifts.offers.heads')}</Table.Th>
                      <Table.Th>{t('openShifts.offers.claims')}</Table.Th>
                      <Table.Th>{t('openShifts.offers.status')}</Table.Th>
                      {has('open_shift.offer') && <Table.Th>{t('openShifts.offers.withdraw')}</Table.Th>}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {offers.data?.map((offer) => (
                      <Table.Tr key={offer.id} data-testid="open-offer" data-date={offer.date}>
                        <Table.Td>{label(offer)}</Table.Td>
                        <Table.Td>
                          {t('openShifts.offers.filledOf', {
                            filled: formatNumber(lang, offer.filled),
                            heads: formatNumber(lang, offer.heads),
                          })}
                        </Table.Td>
                        <Table.Td>{formatNumber(lang, offer.pendingClaims)}</Table.Td>
                        <Table.Td>
                          <OfferStatusBadge status={offer.status} />
                        </Table.Td>
                        {has('open_shift.offer') && (
                          <Table.Td>
                            <Group gap={4}>
                              <Button
                                size="xs"
                                variant="light"
                                color="red"
                                loading={withdraw.isPending && withdraw.variables === offer.id}
                                onClick={() => withdraw.mutate(offer.id)}
                                aria-label={t('openShifts.offers.withdrawLine', { line: label(offer) })}
                              >
                                {t('openShifts.offers.withdraw')}
                              </Button>
                            </Group>
                          </Table.Td>
                        )}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </QueryState>
        </section>
      </Stack>
    </>
  );
}
