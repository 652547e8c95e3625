import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schemas } from '../lib/api/client';
import { serveCertificationTypes } from '../test/certification-types';
import { renderIn } from '../test/render';
import { PublicationComplianceList } from './PublicationComplianceList';

type PublicationCompliance = Schemas['PublicationCompliance'];

const compliance: PublicationCompliance = {
  runId: 'run',
  from: '2026-12-06',
  to: '2026-12-12',
  brokenCount: 1,
  warningCount: 2,
  people: [
    {
      employee: {
        id: 'e7',
        employeeNumber: 'E00007',
        Name_1_English: 'Noura',
        Name_2_Arabic: 'نورة',
        departmentId: 'ramp',
      },
      broken: [{ rule: 'CERTIFICATION_EXPIRED', dates: ['2026-12-10'] }],
      warnings: [
        {
          rule: 'CERTIFICATION_EXPIRES',
          dates: ['2026-12-10'],
          value: null,
          limit: null,
          certification: 'FIRST_AID',
          validTo: '2026-12-08',
        },
        {
          rule: 'WEEKLY_HOURS_NEAR_LIMIT',
          dates: ['2026-12-06', '2026-12-07', '2026-12-08'],
          value: 44,
          limit: 48,
          certification: null,
          validTo: null,
        },
      ],
    },
  ],
};

const firstAid = { id: 'c1', code: 'FIRST_AID', nameEn: 'First aid', nameAr: 'الإسعافات الأولية' };

beforeEach(() => serveCertificationTypes([firstAid]));
afterEach(() => vi.unstubAllGlobals());

describe('the list read before publishing or approving', () => {
  it('names each broken rule and warning per person, and asks to confirm when asked to', async () => {
    const onConfirm = vi.fn();
    renderIn(
      'en',
      <PublicationComplianceList
        compliance={compliance}
        title="Before you publish"
        confirmation={{ label: 'I publish all the same', confirmed: false, onConfirm }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Before you publish' })).toBeVisible();
    expect(screen.getByTestId('compliance-summary')).toHaveTextContent(
      '1 rule broken and 2 warnings, for 1 person.',
    );
    expect(await screen.findByText(/First aid ends on/)).toBeVisible();
    const person = screen.getByTestId('compliance-person');
    expect(person).toHaveTextContent('44 hours in the week to 8 Dec 2026, of at most 48');
    expect(person).toHaveTextContent('ends on 8 Dec 2026, inside the period');
    expect(person).toHaveTextContent('It is needed after that on 10 Dec 2026.');
    expect(person).not.toHaveTextContent(/CERTIFICATION|WEEKLY|FIRST_AID/);
    await userEvent.click(screen.getByRole('checkbox', { name: 'I publish all the same' }));
    expect(onConfirm).toHaveBeenCalledWith(true);
  });

  it('reads in Arabic without a code, and asks nothing when there is nothing to confirm', async () => {
    renderIn('ar', <PublicationComplianceList compliance={compliance} title="قبل الاعتماد" />);
    expect(await screen.findByText(/تنتهي الإسعافات الأولية/)).toBeVisible();
    const person = screen.getByTestId('compliance-person');
    expect(person).toHaveTextContent('نورة');
    expect(person).toHaveTextContent('والحد الأقصى 48');
    expect(person).not.toHaveTextContent(/[A-Z]{2,}_[A-Z]/);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('says plainly when there is nothing to read', () => {
    renderIn(
      'en',
      <PublicationComplianceList
        compliance={{ ...compliance, brokenCount: 0, warningCount: 0, people: [] }}
        title="Before you publish"
        confirmation={{ label: 'I publish all the same', confirmed: false, onConfirm: vi.fn() }}
      />,
    );
    expect(screen.getByTestId('compliance-clear')).toBeVisible();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
