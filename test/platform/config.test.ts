import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, secretBits } from '../../src/config.ts';

describe('configuration', () => {
  it('defaults to development on PGlite in ./data, on 127.0.0.1:3000', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/rostering-config-test' });
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: '/tmp/rostering-config-test' }).jwtSecret).toBe(config.jwtSecret);
  });

  it('refuses production without a strong JWT secret', () => {
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ APP_ENV: 'production', JWT_SECRET: 'short' })).toThrow(/at least 32 bytes/);
    const config = loadConfig({ APP_ENV: 'production', JWT_SECRET: randomBytes(48).toString('base64') });
    expect(config.host).toBe('0.0.0.0');
  });

  it('refuses production secrets that are long but predictable, saying how to make one (issue 56)', () => {
    for (const weak of [
      'a'.repeat(40),
      'x'.repeat(32),
      'abcdefghijklmnopqrstuvwxyz0123456789',
      'secret12secret12secret12secret12secret',
      'mypasswordmypasswordmypassword12',
    ]) {
      expect(() => loadConfig({ APP_ENV: 'production', JWT_SECRET: weak }), weak).toThrow(
        /openssl rand -base64 48/,
      );
    }
    // Random secrets of every usual form pass, however the draw falls.
    for (let i = 0; i < 200; i++) {
      for (const secret of [
        randomBytes(48).toString('base64'),
        randomBytes(32).toString('base64url'),
        randomBytes(16).toString('hex'),
        randomBytes(32).toString('hex'),
      ]) {
        expect(secretBits(secret), secret).toBeGreaterThanOrEqual(80);
      }
    }
  });

  it('refuses unknown environments, bad ports and non-PostgreSQL URLs', () => {
    expect(() => loadConfig({ APP_ENV: 'staging' })).toThrow(/APP_ENV/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('reads the CORS origins as a list', () => {
    expect(
      loadConfig({ APP_ENV: 'test', CORS_ORIGINS: 'https://a.example, https://b.example' }).corsOrigins,
    ).toEqual(['https://a.example', 'https://b.example']);
  });

  it('reads the shutdown grace period (15 s by default) and refuses one out of range', () => {
    expect(loadConfig({ APP_ENV: 'test' }).shutdownGraceMs).toBe(15_000);
    expect(loadConfig({ APP_ENV: 'test', SHUTDOWN_GRACE_MS: '4000' }).shutdownGraceMs).toBe(4_000);
    for (const wrong of ['0', '99', '2.5', 'soon', '3600001']) {
      expect(() => loadConfig({ APP_ENV: 'test', SHUTDOWN_GRACE_MS: wrong })).toThrow(/SHUTDOWN_GRACE_MS/);
    }
  });

  it('reads SMTP_URL with its sender, and leaves mail to the outbox without it (issue 55)', () => {
    expect(loadConfig({ APP_ENV: 'test' }).mail).toMatchObject({ smtpUrl: undefined, retryMs: 30_000 });
    const mail = loadConfig({
      APP_ENV: 'test',
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
      MAIL_FROM: 'Rosters <rosters@example.com>',
    }).mail;
    expect(mail).toMatchObject({
      smtpUrl: 'smtp://user:pass@mail.example.com:587',
      from: 'Rosters <rosters@example.com>',
    });
    expect(() => loadConfig({ APP_ENV: 'test', SMTP_URL: 'smtp://mail.example.com' })).toThrow(/MAIL_FROM/);
    for (const wrong of ['http://mail.example.com', 'mail.example.com:587', 'smtp://']) {
      expect(() => loadConfig({ APP_ENV: 'test', SMTP_URL: wrong, MAIL_FROM: 'a@b.c' }), wrong).toThrow(
        /SMTP_URL/,
      );
    }
    expect(() => loadConfig({ APP_ENV: 'test', MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ APP_ENV: 'test', MAIL_RETRY_MS: '5' })).toThrow(/MAIL_RETRY_MS/);
  });
});
