import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the test's SMTP server received it, its parts decoded. */
export interface ReceivedMail {
  to: string[];
  messageId: string;
  subject: string;
  text: string;
  html: string;
}

/** RFC 2047 words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`) of a header, decoded. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding: string, word: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(word, 'base64').toString('utf8')
        : decodeQuotedPrintable(word.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function headersOf(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const gap = raw.slice(at).match(/^\r?\n\r?\n/)![0].length;
  return { headers: headersOf(raw.slice(0, at)), body: raw.slice(at + gap) };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** The text and HTML parts of a `multipart/alternative` mail (what the notification mails are). */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const { headers, body } = splitEntity(raw);
  const boundary = headers.get('content-type')?.match(/boundary="?([^";]+)"?/)?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => splitEntity(part.replace(/^\r?\n/, '')))
    : [{ headers, body }];
  const partOf = (type: string) => {
    const part = parts.find((p) => p.headers.get('content-type')?.startsWith(type));
    return part ? decodeBody(part.headers, part.body).replace(/\r\n/g, '\n').trimEnd() : '';
  };
  return {
    to,
    messageId: headers.get('message-id') ?? '',
    subject: decodeWords(headers.get('subject') ?? ''),
    text: partOf('text/plain'),
    html: partOf('text/html'),
  };
}

export interface TestSmtpServer {
  readonly port: number;
  readonly received: ReceivedMail[];
  /** Stops answering (the mail server is down) until `start`. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/**
 * A real SMTP server on a port of its own (AUTH PLAIN over a plain connection, as a relay inside a
 * trusted network; STARTTLS has its own test, `starttls.test.ts`), keeping what it receives.
 */
export async function startSmtpServer(
  credentials = { user: 'mailer', pass: 'secret' },
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let port = 0;
  let server: SMTPServer | null = null;
  const start = async () => {
    const listening = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      // The pooled connections of the service's transport are cut at once when the server stops.
      closeTimeout: 50,
      onAuth(auth, _session, callback) {
        if (auth.username === credentials.user && auth.password === credentials.pass)
          callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((address) => address.address);
          received.push(parseMail(Buffer.concat(chunks).toString('utf8'), to));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', () => resolve()));
    port = (listening.server.address() as AddressInfo).port;
    server = listening;
  };
  await start();
  return {
    get port() {
      return port;
    },
    received,
    async stop() {
      const closing = server;
      server = null;
      await new Promise<void>((resolve) => (closing ? closing.close(() => resolve()) : resolve()));
    },
    start,
  };
}
