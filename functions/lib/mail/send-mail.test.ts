import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { headerOf, startSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp-server';
import { resetEnv } from '../env';
import { log } from '../log';
import { sendMail, type OutgoingMail } from './send-mail';
import { HardBounceError, resetMailTransport } from './transport';

const message: OutgoingMail = {
  to: 'lucia@example.com',
  subject: 'Confirma tu suscripción a la newsletter',
  heading: '¿Nos confirmas que eres tú?',
  paragraphs: ['Pulsa el botón para recibir cada mes los festivales nuevos. <b>Sin</b> spam.'],
  items: [
    { title: 'Sónar & Co', url: 'https://festivales.test/festival/1', detail: '18 de junio de 2027 · Barcelona' },
  ],
  action: { label: 'Confirmar suscripción', url: 'https://festivales.test/api/newsletter/confirm?token=abc' },
  reason: 'Recibes este correo porque alguien suscribió esta dirección en Festivales.',
  unsubscribeUrl: 'https://festivales.test/api/newsletter/unsubscribe?token=xyz',
};

let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});

afterEach(async () => {
  await resetMailTransport();
});

afterAll(async () => {
  await smtp.close();
  resetEnv({ SMTP_URL: undefined, MAIL_FROM: undefined });
});

describe('sendMail through SMTP', () => {
  it('delivers HTML and plain text in Spanish with one-click unsubscribe headers', async () => {
    resetEnv({ SMTP_URL: smtp.url, MAIL_FROM: 'Festivales <hola@festivales.test>' });
    const before = smtp.received.length;
    const delivery = await sendMail(message);
    expect(delivery.transport).toBe('smtp');
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail.envelopeTo).toEqual(['lucia@example.com']);
    expect(mail.parsed.subject).toBe('Confirma tu suscripción a la newsletter');
    expect(mail.parsed.from?.value).toEqual([{ name: 'Festivales', address: 'hola@festivales.test' }]);
    expect(headerOf(mail.parsed, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(mail.parsed, 'List-Unsubscribe')).toBe(
      '<https://festivales.test/api/newsletter/unsubscribe?token=xyz>',
    );
    // The text part has every link written out; the HTML escapes what it prints.
    expect(mail.parsed.text).toContain(
      'Confirmar suscripción: https://festivales.test/api/newsletter/confirm?token=abc',
    );
    expect(mail.parsed.text).toContain('Darme de baja: https://festivales.test/api/newsletter/unsubscribe?token=xyz');
    expect(mail.parsed.text).toContain('- Sónar & Co (18 de junio de 2027 · Barcelona)');
    expect(mail.parsed.html).toContain('<html lang="es">');
    expect(mail.parsed.html).toContain('&lt;b&gt;Sin&lt;/b&gt; spam.');
    expect(mail.parsed.html).toContain('Sónar &amp; Co');
    expect(mail.parsed.html).toContain('href="https://festivales.test/api/newsletter/unsubscribe?token=xyz"');
  });

  it('reports a recipient the server refuses for good as a hard bounce', async () => {
    resetEnv({ SMTP_URL: smtp.url });
    smtp.refuse('nadie@example.com');
    await expect(sendMail({ ...message, to: 'nadie@example.com' })).rejects.toBeInstanceOf(HardBounceError);
  });
});

describe('sendMail without a mail server', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'festivales-mail-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes an .eml file under DATA_DIR/mail and logs where', async () => {
    resetEnv({ SMTP_URL: undefined, DATA_DIR: dataDir });
    const info = vi.spyOn(log(), 'info');
    const delivery = await sendMail(message);
    expect(delivery.transport).toBe('file');
    const files = readdirSync(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(delivery.file).toBe(path.join(dataDir, 'mail', files[0]));
    const parsed = await simpleParser(readFileSync(delivery.file!));
    expect(parsed.subject).toBe(message.subject);
    expect(headerOf(parsed, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(parsed.text).toContain('Darme de baja:');
    expect(info).toHaveBeenCalledWith(
      expect.objectContaining({ file: delivery.file }),
      expect.stringContaining(delivery.file!),
    );
    info.mockRestore();
  });
});
