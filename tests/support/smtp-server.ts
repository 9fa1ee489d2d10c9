import { renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  parsed: ParsedMail;
  raw: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Resolves once `count` messages in all have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Recipients answered 550 (the mailbox does not exist): a hard bounce. */
  refuse(address: string): void;
  /** Called for each recipient before it is accepted (a test kills the sender mid-conversation here). */
  onRecipient(fn: ((address: string) => void) | undefined): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps every message it accepts, parsed. With `saveTo`, each
 * message is also written there as an .eml file, for readers in another process (the browser tests
 * read what the server they run against sent).
 */
export async function startSmtpServer(options: { saveTo?: string } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const refused = new Set<string>();
  const waiters: Array<() => void> = [];
  let recipientHook: ((address: string) => void) | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      recipientHook?.(address.address);
      if (refused.has(address.address.toLowerCase())) {
        const error = Object.assign(new Error('No such user here'), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        // Written whole under a temporary name, then renamed: a reader never sees half a message.
        if (options.saveTo) {
          const name = `${Date.now()}-${received.length}`;
          writeFileSync(path.join(options.saveTo, `${name}.tmp`), raw);
          renameSync(path.join(options.saveTo, `${name}.tmp`), path.join(options.saveTo, `${name}.eml`));
        }
        received.push({
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          parsed: await simpleParser(raw),
          raw,
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  // A client killed mid-conversation resets its connection: expected in the crash tests, not a failure.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse: (address) => refused.add(address.toLowerCase()),
    onRecipient: (fn) => {
      recipientHook = fn;
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`esperaba ${count} correos, llegaron ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header as written (mailparser folds List-* headers into one object): its value without the name. */
export function headerOf(parsed: ParsedMail, name: string): string | undefined {
  const line = parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line?.slice(line.indexOf(':') + 1).trim();
}
