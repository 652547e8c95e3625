import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderIn } from '../../../test/render';
import { LoginPage } from './LoginPage';

const problem = (
  status: number,
  code: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) =>
  new Response(
    JSON.stringify({
      type: 'about:blank',
      title: 't',
      status,
      detail: 'd',
      instance: '/api/auth/login',
      code,
      traceId: 'x',
      ...extra,
    }),
    {
      status,
      headers: { 'content-type': 'application/problem+json', ...headers },
    },
  );

async function signInAnswered(lang: 'en' | 'ar', answer: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer),
  );
  renderIn(lang, <LoginPage />);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(lang === 'ar' ? 'اسم المستخدم' : 'Username'), 'employee');
  await user.type(screen.getByLabelText(lang === 'ar' ? 'كلمة المرور' : 'Password'), 'secret');
  await user.click(screen.getByRole('button', { name: lang === 'ar' ? 'دخول' : 'Sign in' }));
  return screen.findByTestId('login-error');
}

afterEach(() => vi.unstubAllGlobals());

describe('the sign-in screen', () => {
  it('reads a wrong password plainly', async () => {
    const message = await signInAnswered('en', problem(401, 'INVALID_CREDENTIALS'));
    expect(message).toHaveTextContent('The username or the password is not right.');
  });

  it('says until when an account locked by failed attempts stays locked', async () => {
    const until = new Date(Date.UTC(2026, 10, 26, 9, 45));
    const message = await signInAnswered(
      'en',
      problem(423, 'ACCOUNT_LOCKED', {
        reason: 'TOO_MANY_FAILED_ATTEMPTS',
        lockoutUntil: until.toISOString(),
      }),
    );
    const time = new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', hourCycle: 'h23' }).format(until);
    expect(message).toHaveTextContent(`Try again after ${time}`);
  });

  it('sends a person locked out by an administrator to the administrator, in Arabic', async () => {
    const message = await signInAnswered(
      'ar',
      problem(423, 'ACCOUNT_LOCKED', { reason: 'LOCKED_BY_ADMIN', lockoutUntil: null }),
    );
    expect(message).toHaveTextContent('قام مسؤول النظام بقفل هذا الحساب');
  });

  it('counts down the wait a rate limit asks for, and holds the button meanwhile', async () => {
    const message = await signInAnswered('en', problem(429, 'RATE_LIMITED', {}, { 'retry-after': '42' }));
    expect(message).toHaveTextContent(/Wait 4[12] seconds/);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  });

  it('uses the Arabic plural form of the wait', async () => {
    const message = await signInAnswered('ar', problem(429, 'RATE_LIMITED', {}, { 'retry-after': '2' }));
    expect(message).toHaveTextContent(/انتظر (ثانيتين|ثانية واحدة)/);
  });
});
