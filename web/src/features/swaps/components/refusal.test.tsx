import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReasonName, useRefusalText } from '../../../components/RuleReasons';
import { ApiError } from '../../../lib/api/client';
import { serveCertificationTypes } from '../../../test/certification-types';
import { renderIn } from '../../../test/render';
import { useSwapRefusal } from './refusal';

const licence = { id: 'c1', code: 'TUG_LICENCE', nameEn: 'Tug licence', nameAr: 'رخصة القاطرة' };
const refused = (extra: Record<string, unknown>) =>
  new ApiError(
    422,
    {
      type: 'about:blank',
      title: 't',
      status: 422,
      detail: 'd',
      instance: '/api',
      code: 'NOT_ELIGIBLE',
      traceId: 'x',
      ...extra,
    },
    new Headers(),
  );

function Refusals() {
  const shared = useRefusalText();
  const swap = useSwapRefusal();
  const reason = useReasonName();
  return (
    <>
      <p data-testid="shared">
        {shared(refused({ reasons: ['CERTIFICATION_EXPIRED'], certification: 'TUG_LICENCE' }))}
      </p>
      <p data-testid="swap">
        {swap(
          refused({
            sides: [{ side: 'colleague', reasons: ['CERTIFICATION_MISSING'], certification: 'TUG_LICENCE' }],
          }),
        )}
      </p>
      <p data-testid="candidate">{reason('CERTIFICATION_EXPIRED', 'TUG_LICENCE')}</p>
      <p data-testid="unnamed">{reason('CERTIFICATION_EXPIRED')}</p>
    </>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('a certification reason', () => {
  it('names the certification type, in English', async () => {
    serveCertificationTypes([licence]);
    renderIn('en', <Refusals />);
    expect(
      await screen.findByText('The rules do not allow it: Tug licence certification expired.'),
    ).toHaveAttribute('data-testid', 'shared');
    expect(screen.getByTestId('swap')).toHaveTextContent('No Tug licence certification');
    expect(screen.getByTestId('candidate')).toHaveTextContent('Tug licence certification expired');
    expect(screen.getByTestId('unnamed')).toHaveTextContent('Certification expired');
  });

  it('names the certification type, in Arabic', async () => {
    serveCertificationTypes([licence]);
    renderIn('ar', <Refusals />);
    expect(await screen.findByText('القواعد لا تسمح بذلك: شهادة رخصة القاطرة منتهية.')).toBeInTheDocument();
    expect(screen.getByTestId('swap')).toHaveTextContent('لا توجد شهادة رخصة القاطرة');
    expect(document.body).not.toHaveTextContent('TUG_LICENCE');
  });
});
