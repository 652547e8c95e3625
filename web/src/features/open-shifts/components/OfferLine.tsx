import { Badge, Group, Text } from '@mantine/core';
import { useCodeNames } from '../../../lib/api/lookups';
import { formatDay, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import type { OpenShift, OpenShiftClaim } from '../api';

/** An offer's line as one phrase: date, shift, terminal (and skill), for labels and headings. */
export function useOfferLabel() {
  const lang = useLanguage();
  const names = useCodeNames();
  return (offer: OpenShift) =>
    [
      formatDay(lang, offer.date),
      localName(lang, offer.shift),
      localName(lang, offer.terminal),
      offer.skill && names.skill(offer.skill.code),
    ]
      .filter(Boolean)
      .join(' · ');
}

/** What the shift is: its date, its times (a night ends the next day), its terminal and skill. */
export function OfferLine({ offer }: { offer: OpenShift }) {
  const t = useT();
  const lang = useLanguage();
  const names = useCodeNames();
  return (
    <div>
      <Text fw={700}>{formatDay(lang, offer.date, { weekday: 'long', day: 'numeric', month: 'long' })}</Text>
      <Text size="sm">
        {localName(lang, offer.shift)} ·{' '}
        <bdi dir="ltr">
          {offer.shift.start}–{offer.shift.end}
        </bdi>
        {offer.shift.endsNextDay && ` ${t('openShifts.nextDay')}`}
      </Text>
      <Group gap={6}>
        <Text size="sm">{localName(lang, offer.terminal)}</Text>
        {offer.skill && (
          <Badge variant="outline" color="gray" tt="none">
            {names.skill(offer.skill.code)}
          </Badge>
        )}
      </Group>
    </div>
  );
}

const CLAIM_COLORS: Record<OpenShiftClaim['status'], string> = {
  Pending: 'yellow',
  Approved: 'green',
  Declined: 'red',
  Withdrawn: 'gray',
};

export function ClaimStatusBadge({ status }: { status: OpenShiftClaim['status'] }) {
  const t = useT();
  return (
    <Badge color={CLAIM_COLORS[status]} variant="light" tt="none" data-status={status}>
      {t(`openShifts.claimStatus.${status}`)}
    </Badge>
  );
}

const OFFER_COLORS: Record<OpenShift['status'], string> = {
  Open: 'blue',
  Filled: 'green',
  Withdrawn: 'gray',
  Closed: 'gray',
};

export function OfferStatusBadge({ status }: { status: OpenShift['status'] }) {
  const t = useT();
  return (
    <Badge color={OFFER_COLORS[status]} variant="light" tt="none" data-status={status}>
      {t(`openShifts.offerStatus.${status}`)}
    </Badge>
  );
}
