import nodemailer from 'nodemailer';

/** One mail, ready to go: both bodies in the recipient's language. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The same for every try of the same mail, so that a receiver can tell a resend from a new one. */
  messageId: string;
}

export interface MailTransport {
  /** Hands the mail over; throws a `MailRefused` when the server will never take it. */
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * The server refused this mail for good (a 5xx answer to its recipient or its content: no such mailbox):
 * trying again would not help. Any other failure (no connection, a refused sign-in, a 4xx) is for now.
 */
export class MailRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailRefused';
  }
}

/**
 * Mail over SMTP (`smtp://` upgrades with STARTTLS when the server offers it, `smtps://` is TLS from the
 * start), through a small pool of connections kept open between mails.
 */
export function smtpTransport(url: string, from: string): MailTransport {
  const transport = nodemailer.createTransport(`${url}${url.includes('?') ? '&' : '?'}pool=true`);
  return {
    async send(mail) {
      try {
        await transport.sendMail({ from, ...mail });
      } catch (error) {
        const { responseCode, command } = error as { responseCode?: number; command?: string };
        const ofThisMail = command === 'RCPT TO' || command?.startsWith('DATA');
        if (responseCode !== undefined && responseCode >= 500 && ofThisMail)
          throw new MailRefused((error as Error).message);
        throw error;
      }
    },
    close: () => transport.close(),
  };
}
