import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SendMailOptions } from 'nodemailer';
import Mail from 'nodemailer/lib/mailer';
import { env } from '../env';
import { log } from '../log';
import { HardBounceError } from './hard-bounce';

/** Where a message went: the SMTP server's or SES's id, or the .eml file written instead. */
export interface Delivery {
  transport: 'smtp' | 'ses' | 'file';
  messageId: string;
  /** The .eml file, for the file transport. */
  file?: string;
}

export interface MailTransport {
  readonly kind: Delivery['transport'];
  send(message: SendMailOptions): Promise<Delivery>;
  close(): void;
}

export { HardBounceError };

/**
 * Each transport is loaded when chosen: Lambda sends through SES only, and its bundle leaves the
 * SMTP and stream transports out (infra/function-bundles.ts), which keeps it under 1 MB.
 */
async function smtpTransport(url: string): Promise<MailTransport> {
  const { default: SMTPTransport } = await import('nodemailer/lib/smtp-transport');
  const { parseConnectionUrl } = await import('nodemailer/lib/shared');
  // nodemailer waits up to two minutes to connect and ten on a silent socket by default; a row's
  // whole send has MAIL_SEND_TIMEOUT_MS (30 s), and these end the conversation itself before that.
  const mailer = new Mail(
    new SMTPTransport({
      ...parseConnectionUrl(url),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    }),
  );
  return {
    kind: 'smtp',
    async send(message) {
      try {
        const info = await mailer.sendMail(message);
        return { transport: 'smtp', messageId: info.messageId };
      } catch (error) {
        throw asHardBounce(error, message) ?? error;
      }
    },
    close: () => mailer.close(),
  };
}

/** SES through nodemailer's SES transport: the Lambda role's rights come from linking the Email component. */
async function sesTransport(): Promise<MailTransport> {
  const { SESv2Client, SendEmailCommand } = await import('@aws-sdk/client-sesv2');
  const { default: SESTransport } = await import('nodemailer/lib/ses-transport');
  const mailer = new Mail(new SESTransport({ SES: { sesClient: new SESv2Client({}), SendEmailCommand } }));
  return {
    kind: 'ses',
    async send(message) {
      try {
        const info = await mailer.sendMail(message);
        return { transport: 'ses', messageId: info.messageId };
      } catch (error) {
        throw asHardBounce(error, message) ?? error;
      }
    },
    close: () => mailer.close(),
  };
}

/**
 * With no mail server configured (the embedded default) each message becomes an .eml file under
 * DATA_DIR/mail that any mail program opens, and the log says where, so nothing is sent by
 * accident from a developer's machine and nothing is lost either.
 */
async function fileTransport(dir: string): Promise<MailTransport> {
  const { default: StreamTransport } = await import('nodemailer/lib/stream-transport');
  const mailer = new Mail(new StreamTransport({ streamTransport: true, buffer: true, newline: 'windows' }));
  let counter = 0;
  return {
    kind: 'file',
    async send(message) {
      const info = await mailer.sendMail(message);
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${process.pid}-${++counter}.eml`);
      await writeFile(file, info.message as Buffer);
      log().info(
        { file, to: message.to, subject: message.subject },
        `correo guardado en ${file} (sin SMTP_URL configurado)`,
      );
      return { transport: 'file', messageId: info.messageId, file };
    },
    close: () => undefined,
  };
}

/** SMTP answers 550-554 to a recipient (RFC 5321 §4.2.2): the address does not exist or refuses us. */
function asHardBounce(error: unknown, message: SendMailOptions): HardBounceError | undefined {
  const e = error as { responseCode?: number; rejected?: string[]; name?: string; message?: string };
  const to = String(message.to ?? '');
  if (typeof e.responseCode === 'number' && e.responseCode >= 550 && e.responseCode <= 554)
    return new HardBounceError(to, e.message ?? '');
  // SES refuses an address it has on the account's suppression list, or a malformed one, with these.
  if (e.name === 'MessageRejected' || e.name === 'BadRequestException') return new HardBounceError(to, e.message ?? '');
  return undefined;
}

let current: Promise<MailTransport> | undefined;

/** The process's mail transport, chosen from the configuration on first use. */
export function mailTransport(): Promise<MailTransport> {
  current ??= createTransport();
  return current;
}

async function createTransport(): Promise<MailTransport> {
  const config = env();
  if (config.onLambda) return sesTransport();
  if (config.SMTP_URL) return smtpTransport(config.SMTP_URL);
  return fileTransport(path.resolve(config.DATA_DIR, 'mail'));
}

/** Tests change SMTP_URL or DATA_DIR between files: the next message picks the transport again. */
export async function resetMailTransport(): Promise<void> {
  const previous = current;
  current = undefined;
  (await previous)?.close();
}
