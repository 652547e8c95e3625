import { DirectionProvider, useDirection } from '@mantine/core';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { Language } from './format';
import { language } from './language';
import { arabic, english, type MessageId } from './messages/index';

export type { MessageId };

const catalogues: Record<Language, Record<MessageId, string>> = { en: english, ar: arabic };

export const hasMessage = (id: string): id is MessageId => Object.hasOwn(english, id);

export const useLanguage = (): Language => useSyncExternalStore(language.subscribe, language.get);

/**
 * `lang` and `dir` on `<html>`, the catalogue of the language, Mantine's direction, and the manifest of
 * the language (the app installed from an Arabic page is named in Arabic), at once.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const current = useLanguage();
  const dir = current === 'ar' ? 'rtl' : 'ltr';
  useEffect(() => {
    document.documentElement.lang = current;
    document.documentElement.dir = dir;
    document.querySelector('link[rel="manifest"]')?.setAttribute('href', `/manifest.${current}.webmanifest`);
  }, [current, dir]);
  return (
    <DirectionProvider initialDirection={dir} detectDirection={false}>
      <FollowDirection dir={dir} />
      <IntlProvider locale={current} messages={catalogues[current]} defaultLocale="en">
        {children}
      </IntlProvider>
    </DirectionProvider>
  );
}

function FollowDirection({ dir }: { dir: 'ltr' | 'rtl' }) {
  const { dir: mantineDir, setDirection } = useDirection();
  useEffect(() => {
    if (mantineDir !== dir) setDirection(dir);
  }, [dir, mantineDir, setDirection]);
  return null;
}

type Values = Record<
  string,
  string | number | boolean | Date | null | undefined | ((chunks: ReactNode) => ReactNode)
>;

/** The translator: `t('leave.days', { count: 3 })`, ICU messages with Arabic plural forms. */
export function useT() {
  const intl = useIntl();
  return (id: MessageId, values?: Values): string => intl.formatMessage({ id }, values as never) as string;
}
