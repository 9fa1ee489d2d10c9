/**
 * The site as a browser test sees it: the production build served by the real server on a fresh
 * embedded database, with a Google key set of our own on loopback so tests can sign people in, and
 * a real SMTP server on loopback (SMTP_URL) that writes what the site sends into E2E_MAIL_DIR.
 * E2E_FESTIVALS=10000 (optionally E2E_COMMENTS, E2E_VOTES) serves a generated catalogue of that
 * size instead of the real seed, for browser tests at scale.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import { openDatabase } from '#db/client';
import { generateCatalogue } from '#db/seed/generate-catalogue';
import { webBuildIsStale } from '../../../functions/server/web-build';
import { startSmtpServer } from '../../support/smtp-server';
import { startPushService, type TestDevice } from '../../support/push-service';
import {
  E2E_ADMIN_EMAIL,
  E2E_CLIENT_ID,
  E2E_KEY_FILE,
  E2E_MAIL_DIR,
  E2E_PUSH_CONTROL_PORT,
  E2E_EMBED_PORT,
  E2E_SERVER_PORT,
  E2E_SESSION_SECRET,
  E2E_SITE_PORT,
} from './constants';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
const port = E2E_SERVER_PORT;

// Built without a Google client id: the SPA shows the manual sign-in fallback, as on a fresh machine.
const buildEnv = { ...process.env };
delete buildEnv.GOOGLE_CLIENT_ID;
// E2E_REUSE_BUILD=1 (the suite on the generated catalogue, run right after the seed's) serves the
// build the first run made, with the same settings, instead of building it again. A build older than
// the sources is made again here, not left to the server's start, which would build it with the
// Google client id set below and send every page to Google's script.
// E2E_BUILT_BY (the second worker's server, playwright.config.ts): the first server builds; this
// one waits until that server answers, then serves the same build.
if (process.env.E2E_BUILT_BY) await answering(process.env.E2E_BUILT_BY);
else if (!(process.env.E2E_REUSE_BUILD && !webBuildIsStale(root))) {
  execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    env: buildEnv,
    stdio: 'inherit',
  });
}

async function answering(url: string) {
  for (;;) {
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
const jwk = { ...(await exportJWK(publicKey)), kid: 'e2e', alg: 'RS256', use: 'sig' };
writeFileSync(E2E_KEY_FILE, JSON.stringify(await exportJWK(privateKey)));
const jwks = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ keys: [jwk] }));
});
await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
const jwksPort = (jwks.address() as { port: number }).port;

// Messages of an earlier run would be read as this run's.
rmSync(E2E_MAIL_DIR, { recursive: true, force: true });
mkdirSync(E2E_MAIL_DIR, { recursive: true });
const smtp = await startSmtpServer({ saveTo: E2E_MAIL_DIR });

// A push service in this process (web-push reaches it over https with a certificate trusted here
// only), and its control for the tests: POST /devices makes a device, GET /devices/<n> says what it got.
const push = await startPushService();
const pushDevices: TestDevice[] = [];
const pushControl = createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  if (req.method === 'POST' && req.url === '/devices') {
    pushDevices.push(push.device());
    return void res.end(JSON.stringify({ id: pushDevices.length - 1, subscription: pushDevices.at(-1)!.subscription }));
  }
  const device = pushDevices[Number(/^\/devices\/(\d+)$/.exec(req.url ?? '')?.[1] ?? -1)];
  if (!device) return void res.writeHead(404).end('{}');
  res.end(JSON.stringify(device.received.map((r) => r.message)));
});
await new Promise<void>((resolve) => pushControl.listen(E2E_PUSH_CONTROL_PORT, '127.0.0.1', resolve));

Object.assign(process.env, {
  SMTP_URL: smtp.url,
  // The official website a browser test serves on loopback for a claim's verification tag.
  IMPORT_ALLOW_HOSTS: `127.0.0.1:${E2E_SITE_PORT}`,
  // The push service above is on loopback: subscriptions to it are accepted as to a browser's.
  PUSH_ALLOW_HOSTS: push.host,
  // The artists' players come from the test's stand-in on loopback (specs/discover.spec.ts).
  EMBED_TEST_ORIGIN: `http://127.0.0.1:${E2E_EMBED_PORT}`,
  PORT: String(port),
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'festivales-e2e-')),
  GOOGLE_CLIENT_ID: E2E_CLIENT_ID,
  GOOGLE_JWKS_URL: `http://127.0.0.1:${jwksPort}/certs`,
  AUTH_DEV_LOGIN: '1',
  ADMIN_EMAILS: E2E_ADMIN_EMAIL,
  SESSION_SECRET: E2E_SESSION_SECRET,
});
delete process.env.DATABASE_URL;
process.chdir(root);

if (process.env.E2E_FESTIVALS) {
  // Generated before the server starts: it then finds festivals and does not seed the real ones.
  const size = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
  const handle = await openDatabase({ dataDir: process.env.DATA_DIR });
  await handle.migrate();
  const made = await generateCatalogue(handle.db, {
    festivals: size('E2E_FESTIVALS'),
    comments: size('E2E_COMMENTS'),
    votes: size('E2E_VOTES'),
  });
  await handle.close();
  console.log(
    `Catálogo generado: ${made.festivals} festivales, ${made.comments} comentarios, ${made.votes} votos en ${made.seconds.toFixed(0)} s.`,
  );
}
await import('../../../functions/server/start');
