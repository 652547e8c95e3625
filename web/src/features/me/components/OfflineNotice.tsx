import { Alert, Button, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { formatInstant } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';

/**
 * Says that the roster on screen is this device's offline copy and when the service last sent it, in
 * the unit's time zone: a status named by its title (read out when it appears, never stealing focus),
 * with a button to try the network again.
 */
export function OfflineNotice({
  asOf,
  timeZone,
  onRetry,
}: {
  asOf: string;
  timeZone: string;
  onRetry: () => void;
}) {
  const t = useT();
  const lang = useLanguage();
  return (
    <Alert
      role="status"
      color="yellow"
      icon={<IconCloudOff aria-hidden />}
      title={t('offline.title')}
      mb="sm"
      data-testid="offline-as-of"
    >
      <Text size="sm">{t('offline.asOf', { time: formatInstant(lang, asOf, timeZone) })}</Text>
      <Button variant="outline" color="yellow" size="compact-sm" mt="xs" onClick={onRetry}>
        {t('offline.retry')}
      </Button>
    </Alert>
  );
}
