import { Button } from '@mantine/core';
import { useUpdateProfile } from '../lib/api/profile';
import { useLanguage, useT } from '../lib/i18n/I18nProvider';
import { language } from '../lib/i18n/language';

/**
 * English ↔ Arabic, applied at once; when signed in, saved as the profile's preference so the next
 * sign-in, on any device, opens in it.
 */
export function LanguageSwitch({ signedIn }: { signedIn: boolean }) {
  const t = useT();
  const current = useLanguage();
  const next = current === 'ar' ? 'en' : 'ar';
  return signedIn ? (
    <SavingSwitch next={next} label={t('language.switchTo')} />
  ) : (
    <Button
      variant="subtle"
      size="compact-md"
      lang={next}
      data-testid="language-switch"
      onClick={() => language.set(next)}
    >
      {t('language.switchTo')}
    </Button>
  );
}

function SavingSwitch({ next, label }: { next: 'en' | 'ar'; label: string }) {
  const update = useUpdateProfile();
  return (
    <Button
      variant="subtle"
      size="compact-md"
      lang={next}
      data-testid="language-switch"
      onClick={() => {
        language.set(next);
        update.mutate({ preferredLanguage: next });
      }}
    >
      {label}
    </Button>
  );
}
