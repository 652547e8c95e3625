import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const fixture = join(import.meta.dirname, '../fixtures/mail/send-one.ts');

/**
 * Issue 55: `smtp://` upgrades to TLS with STARTTLS when the server offers it, and signs in only over TLS.
 * A real SMTP server with a certificate made for the test; the sending process trusts it the way an
 * operator makes Node trust an internal CA, and refuses it otherwise (the certificate is verified).
 */
describe('mail over STARTTLS', () => {
  const dir = mkdtempSync(join(tmpdir(), 'starttls-'));
  const sessions: { secure: boolean; authenticatedOverTls: boolean; to: string[] }[] = [];
  let server: SMTPServer;
  let url = '';

  beforeAll(async () => {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    let authenticatedOverTls = false;
    server = new SMTPServer({
      key: readFileSync(join(dir, 'key.pem')),
      cert: readFileSync(join(dir, 'cert.pem')),
      // Signing in is refused on a plain connection: the mail only goes once STARTTLS has run.
      allowInsecureAuth: false,
      logger: false,
      closeTimeout: 50,
      onAuth(auth, session, callback) {
        authenticatedOverTls = session.secure;
        if (auth.username === 'mailer' && auth.password === 'secret') callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          sessions.push({
            secure: session.secure,
            authenticatedOverTls,
            to: session.envelope.rcptTo.map((address) => address.address),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    url = `smtp://mailer:secret@127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  const send = (trusted: boolean) =>
    new Promise<{ code: number; output: string }>((resolve) => {
      const env = { ...process.env };
      if (trusted) env.NODE_EXTRA_CA_CERTS = join(dir, 'cert.pem');
      else delete env.NODE_EXTRA_CA_CERTS;
      execFile(process.execPath, ['--import', 'tsx', fixture, url], { env }, (error, stdout) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout }),
      );
    });

  it('upgrades the connection before signing in and sending, when the server offers it', async () => {
    const { code, output } = await send(true);
    expect(output.trim()).toBe('sent');
    expect(code).toBe(0);
    expect(sessions).toEqual([{ secure: true, authenticatedOverTls: true, to: ['employee@example.com'] }]);
  });

  it('sends nothing to a server whose certificate it cannot verify', async () => {
    const before = sessions.length;
    const { code, output } = await send(false);
    expect(code).not.toBe(0);
    expect(output).toMatch(/^failed: .*(certificate|self[- ]signed)/i);
    expect(sessions).toHaveLength(before);
  });
});
