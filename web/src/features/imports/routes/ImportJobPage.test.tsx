import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PermissionsProvider } from '../../../lib/auth/permissions';
import type { Language } from '../../../lib/i18n/format';
import { paths } from '../../../lib/paths';
import { renderIn } from '../../../test/render';
import ImportJobPage from './ImportJobPage';

const job = (notices: { code: 'GRADE_WITHOUT_RATE'; gradeCode: string }[]) => ({
  id: '00000000-0000-4000-8000-000000000001',
  status: 'Completed',
  fileName: 'people.xlsx',
  rowsTotal: 3,
  rowsDone: 3,
  rowsChanged: 3,
  rowsFailed: 0,
  cancelRequested: false,
  error: null,
  createdBy: 'hradmin',
  createdAt: '2026-12-04T08:00:00Z',
  startedAt: '2026-12-04T08:00:01Z',
  finishedAt: '2026-12-04T08:00:02Z',
  notices,
});

const serve = (body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );

const show = (lang: Language, permissions: string[]) =>
  renderIn(
    lang,
    <PermissionsProvider permissions={permissions}>
      <ImportJobPage />
    </PermissionsProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('an import that named grades without a labour rate (issue 51)', () => {
  it('says which, in English, and leads to the rates for one who may see them', async () => {
    serve(
      job([
        { code: 'GRADE_WITHOUT_RATE', gradeCode: 'G1' },
        { code: 'GRADE_WITHOUT_RATE', gradeCode: 'G7' },
      ]),
    );
    show('en', ['labour_cost.view']);
    const notice = await screen.findByTestId('import-notices');
    expect(notice).toHaveTextContent('Taken, but worth knowing');
    expect(notice).toHaveTextContent(/no labour rate yet.*G1.* and .*G7/);
    expect(screen.getByRole('link', { name: 'Set the labour rates' })).toHaveAttribute(
      'href',
      paths.costSettings,
    );
  });

  it('says it in Arabic, without the link for one who may not see the rates', async () => {
    serve(job([{ code: 'GRADE_WITHOUT_RATE', gradeCode: 'G1' }]));
    show('ar', []);
    const notice = await screen.findByTestId('import-notices');
    expect(notice).toHaveTextContent(/ليس لها سعر عمل بعد.*G1/);
    expect(screen.queryByRole('link', { name: 'تحديد أسعار العمل' })).toBeNull();
  });

  it('says nothing when every grade has its rate', async () => {
    serve(job([]));
    show('en', ['labour_cost.view']);
    expect(await screen.findByText('Every row was imported.')).toBeVisible();
    expect(screen.queryByTestId('import-notices')).toBeNull();
  });
});
