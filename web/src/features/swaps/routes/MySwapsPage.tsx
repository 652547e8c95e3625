import { Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorNotice, QueryState } from '../../../components/QueryState';
import { useProfile } from '../../../lib/api/profile';
import { useT } from '../../../lib/i18n/I18nProvider';
import { type ShiftSwap, useMySwaps, usePartyStep } from '../api';
import { ProposeSwapForm } from '../components/ProposeSwapForm';
import { SwapCard } from '../components/SwapCard';

/** The employee's swaps: propose from one of my shifts, answer colleagues, follow my proposals. */
export default function MySwapsPage() {
  const t = useT();
  const profile = useProfile();
  const swaps = useMySwaps();
  const step = usePartyStep();
  const me = profile.data?.employeeId ?? null;
  const all = swaps.data ?? [];
  const incoming = all.filter((swap) => swap.colleague.id === me);
  const proposed = all.filter((swap) => swap.proposer.id === me);
  const busy = (swap: ShiftSwap, name: 'accept' | 'decline' | 'cancel') =>
    step.isPending && step.variables?.swap.id === swap.id && step.variables.step === name;
  return (
    <>
      <PageHeader title={t('swaps.mine.title')} description={t('swaps.mine.description')} />
      {!me ? (
        <Text c="dimmed">{t('swaps.mine.noEmployee')}</Text>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                {t('swaps.form.title')}
              </Title>
              <ProposeSwapForm />
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            {step.error && <ErrorNotice error={step.error} />}
            <QueryState query={swaps}>
              <Stack gap="lg">
                <section aria-labelledby="swaps-incoming">
                  <Title order={2} size="h4" mb="sm" id="swaps-incoming">
                    {t('swaps.mine.incoming')}
                  </Title>
                  {incoming.length === 0 ? (
                    <Text c="dimmed">{t('swaps.mine.noIncoming')}</Text>
                  ) : (
                    <Stack gap="sm" data-testid="swaps-incoming">
                      {incoming.map((swap) => (
                        <SwapCard key={swap.id} swap={swap}>
                          {swap.status === 'Proposed' && (
                            <Group mt="sm" gap="xs">
                              <Button
                                size="xs"
                                loading={busy(swap, 'accept')}
                                onClick={() => step.mutate({ swap, step: 'accept' })}
                                data-testid="swap-accept"
                              >
                                {t('swaps.accept')}
                              </Button>
                              <Button
                                size="xs"
                                variant="light"
                                color="red"
                                loading={busy(swap, 'decline')}
                                onClick={() => step.mutate({ swap, step: 'decline' })}
                              >
                                {t('swaps.decline')}
                              </Button>
                            </Group>
                          )}
                        </SwapCard>
                      ))}
                    </Stack>
                  )}
                </section>
                <section aria-labelledby="swaps-proposed">
                  <Title order={2} size="h4" mb="sm" id="swaps-proposed">
                    {t('swaps.mine.proposed')}
                  </Title>
                  {proposed.length === 0 ? (
                    <Text c="dimmed">{t('swaps.mine.noProposed')}</Text>
                  ) : (
                    <Stack gap="sm" data-testid="swaps-proposed">
                      {proposed.map((swap) => (
                        <SwapCard key={swap.id} swap={swap}>
                          {(swap.status === 'Proposed' || swap.status === 'Accepted') && (
                            <Button
                              mt="sm"
                              size="xs"
                              variant="light"
                              color="red"
                              loading={busy(swap, 'cancel')}
                              onClick={() => step.mutate({ swap, step: 'cancel' })}
                            >
                              {t('swaps.cancel')}
                            </Button>
                          )}
                        </SwapCard>
                      ))}
                    </Stack>
                  )}
                </section>
              </Stack>
            </QueryState>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
