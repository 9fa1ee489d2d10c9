/**
 * OpenStreetMap's tile host answered on this machine, for benchmarks that drive Chromium through a
 * tool Playwright cannot route (Lighthouse). The machines that run the benchmarks resolve no public
 * name, so without it every map tile fails with ERR_NAME_NOT_RESOLVED, a console error that
 * Lighthouse's best-practices score counts against /map and the festival pages. The browser is
 * pointed here by flags: tile.openstreetmap.org:443 resolves to a local HTTPS server with a
 * certificate made for this run (openssl), answering every tile with the same local PNG, with the
 * CORS header OpenStreetMap sends.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MAP_TILE_URL } from '#core/map';
import { mapTilePng } from '../../tests/e2e/support/png';

export interface LocalTiles {
  /** Chromium flags that send the tile host's requests here and accept this run's certificate. */
  chromeFlags: string[];
  close: () => Promise<void>;
}

export async function startLocalTiles(): Promise<LocalTiles> {
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
        `subjectAltName=DNS:${host}`,
        '-days',
        '2',
      ],
      { stdio: 'ignore' },
    );
    const tile = mapTilePng();
    const server = createServer(
      { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) },
      (_req, res) => {
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
      chromeFlags: [`--host-resolver-rules=MAP ${host}:443 127.0.0.1:${port}`, '--ignore-certificate-errors'],
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
