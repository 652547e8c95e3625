import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { act, type ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { theme } from '../app/theme';
import type { Language } from '../lib/i18n/format';
import { I18nProvider } from '../lib/i18n/I18nProvider';
import { language } from '../lib/i18n/language';

/** Renders a component as the app does (theme, language and direction, router, query client). */
export function renderIn(lang: Language, ui: ReactElement) {
  act(() => language.set(lang));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider theme={theme}>
        <I18nProvider>
          <MemoryRouter>{ui}</MemoryRouter>
        </I18nProvider>
      </MantineProvider>
    </QueryClientProvider>,
  );
}
