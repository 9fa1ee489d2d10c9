import { createECDH, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  /** The message as the browser would read it, decrypted with the device's keys (RFC 8291). */
  message: unknown;
}

export interface TestDevice {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  received: ReceivedPush[];
}

export interface TestPushService {
  /** host:port, for PUSH_ALLOW_HOSTS: the server sends to no other loopback address. */
  host: string;
  /** A browser's subscription on this service: its own key pair and auth secret, as PushManager makes them. */
  device(): TestDevice;
  /** Answers 410 Gone to this device from now on (the user revoked it). */
  expire(device: TestDevice): void;
  close(): Promise<void>;
}

/**
 * A push service on loopback standing in for FCM or Mozilla's: it takes the encrypted POSTs web-push
 * sends to a subscription's endpoint and decrypts each with that device's private key, as the
 * browser does, so a test reads what the service worker would show.
 */
export async function startPushService(): Promise<TestPushService> {
  const devices = new Map<
    string,
    { device: TestDevice; ecdh: ReturnType<typeof createECDH>; auth: string; gone: boolean }
  >();
  const tls = selfSignedCertificate();
  // web-push speaks https only, as real push services do: this process trusts our certificate.
  https.globalAgent.options.ca = tls.cert;
  const server = https.createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = devices.get(req.url ?? '');
      if (!entry) return void res.writeHead(404).end();
      if (entry.gone) return void res.writeHead(410).end();
      if (!String(req.headers.authorization ?? '').startsWith('vapid t=')) return void res.writeHead(401).end();
      const plain = ece.decrypt(Buffer.concat(chunks), {
        version: 'aes128gcm',
        privateKey: entry.ecdh,
        authSecret: entry.auth,
      });
      entry.device.received.push({ path: req.url!, headers: req.headers, message: JSON.parse(plain.toString('utf8')) });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let n = 0;
  return {
    host: `127.0.0.1:${port}`,
    device() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      const where = `/push/${++n}-${randomBytes(4).toString('hex')}`;
      const device: TestDevice = {
        subscription: {
          endpoint: `https://127.0.0.1:${port}${where}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
        },
        received: [],
      };
      devices.set(where, { device, ecdh, auth, gone: false });
      return device;
    },
    expire(device) {
      devices.get(new URL(device.subscription.endpoint).pathname)!.gone = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let certificate: { key: string; cert: string } | undefined;

/** A certificate for 127.0.0.1 made with openssl, for this test run only (one per process: the one it trusts). */
export function selfSignedCertificate(): { key: string; cert: string } {
  if (certificate) return certificate;
  const dir = mkdtempSync(path.join(tmpdir(), 'push-service-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  certificate = {
    key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
    cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
  };
  return certificate;
}
