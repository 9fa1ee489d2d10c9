/**
 * The third-party hosts the site uses, answered on this machine, for benchmarks that drive Chromium
 * through a tool Playwright cannot route (Lighthouse). The machines that run the benchmarks resolve no
 * public name, so without it every map tile fails with ERR_NAME_NOT_RESOLVED, a console error that
 * Lighthouse's best-practices score counts against /map and the festival pages, and a site built with
 * GOOGLE_CLIENT_ID (as deployed) could not load Google's sign-in script. The browser is pointed here
 * by flags: tile.openstreetmap.org:443 and accounts.google.com:443 resolve to a local HTTPS server with
 * a certificate made for this run (openssl). It answers every tile with the same local PNG, with the
 * CORS header OpenStreetMap sends, and Google's script and button frame with a stand-in of realistic
 * size, gzip-compressed as Google sends them (bench/support/google-stand-in.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MAP_TILE_URL } from '#core/map';
import { gzipSync } from 'node:zlib';
import { mapTilePng } from '../../tests/e2e/support/png';
import { GOOGLE_BUTTON_HTML, GOOGLE_CLIENT_JS } from './google-stand-in';

const GOOGLE_HOST = 'accounts.google.com';

export interface StandInHosts {
  /** Chromium flags that send the hosts' requests here and accept this run's certificate. */
  chromeFlags: string[];
  close: () => Promise<void>;
}

export async function startStandInHosts(): Promise<StandInHosts> {
  const host = new URL(MAP_TILE_URL).host;
  const dir = mkdtempSync(path.join(tmpdir(), 'festivales-tiles-'));
  try {
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
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
        '-subj',
        `/CN=${host}`,
        '-addext',
        `subjectAltName=DNS:${host},DNS:${GOOGLE_HOST}`,
        '-days',
        '2',
      ],
      { stdio: 'ignore' },
    );
    const tile = mapTilePng();
    const google: Record<string, { type: string; body: Buffer }> = {
      '/gsi/client': { type: 'text/javascript', body: gzipSync(GOOGLE_CLIENT_JS) },
      '/gsi/button': { type: 'text/html; charset=utf-8', body: gzipSync(GOOGLE_BUTTON_HTML) },
    };
    const server = createServer(
      { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) },
      (req, res) => {
        if (req.headers.host?.startsWith(GOOGLE_HOST)) {
          const file = google[new URL(req.url ?? '/', `https://${GOOGLE_HOST}`).pathname];
          if (!file) {
            res.writeHead(404).end();
            return;
          }
          res.writeHead(200, {
            'Content-Type': file.type,
            'Content-Encoding': 'gzip',
            'Cache-Control': 'max-age=3600',
          });
          res.end(file.body);
          return;
        }
        res.writeHead(200, {
          'Content-Type': 'image/png',
          'Access-Control-Allow-Origin': '*',
          'Cache-Control': 'max-age=86400',
        });
        res.end(tile);
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      chromeFlags: [
        `--host-resolver-rules=MAP ${host}:443 127.0.0.1:${port}, MAP ${GOOGLE_HOST}:443 127.0.0.1:${port}`,
        '--ignore-certificate-errors',
      ],
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
