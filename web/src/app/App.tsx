import { type MantineColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { I18nProvider } from '../lib/i18n/I18nProvider';
import { queryClient } from './queryClient';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

/** The nonce of this page's answer: Mantine's injected `<style>` elements carry it (the CSP asks so). */
const styleNonce =
  document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ??
  document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.getAttribute('nonce') ??
  '';

/** Light only, remembered nowhere: Mantine's default manager would write to `localStorage`. */
const lightOnly: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        getStyleNonce={() => styleNonce}
        colorSchemeManager={lightOnly}
        forceColorScheme="light"
      >
        <I18nProvider>
          <RouterProvider router={router} />
        </I18nProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
