import { env } from '../env';
import { renderHtml, renderText, type MailContent } from './layout';
import { mailTransport, type Delivery } from './transport';

export interface OutgoingMail extends MailContent {
  to: string;
  /**
   * Where one click (or the mail program's own button, RFC 8058) stops this kind of message for
   * this address. It answers POST with no session, which is what mail programs send. Absent only
   * for a message the recipient asked for that very moment (a verification code): no list to leave.
   */
  unsubscribeUrl?: string;
  /**
   * The same id for every attempt at one delivery, so the rare message sent again after a crash
   * reaches the mailbox as the same message (mail programs collapse duplicates by Message-ID).
   */
  messageId?: string;
}

/** Sends one message, HTML and plain text, with the unsubscribe headers every message carries. */
export async function sendMail(mail: OutgoingMail): Promise<Delivery> {
  const transport = await mailTransport();
  return transport.send({
    from: env().MAIL_FROM,
    to: mail.to,
    subject: mail.subject,
    messageId: mail.messageId,
    html: renderHtml(mail, mail.unsubscribeUrl),
    text: renderText(mail, mail.unsubscribeUrl),
    // nodemailer writes List-Unsubscribe: <url>; the Post header makes it one-click (RFC 8058 §3.1).
    ...(mail.unsubscribeUrl
      ? {
          list: { unsubscribe: mail.unsubscribeUrl },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }
      : {}),
  });
}
