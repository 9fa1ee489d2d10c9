import { createServer, request as httpRequest, type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerKeptInNode } from '../../functions/lib/kept-answers';
import { keptFestivalLists } from '../../functions/festivals/kept-lists';
import { api, root, signInAdmin } from '../support/api';
import { createFestival } from '../support/fixtures';

// The local server as serve-site.ts builds it: kept answers written on node's response, the rest
// through @hono/node-server's listener (counted, to tell which of the two answered).
let server: Server;
let base: string;
let throughApp = 0;

beforeAll(async () => {
  const appListener = getRequestListener(root().fetch);
  const counted: RequestListener = (incoming, outgoing) => {
    throughApp += 1;
    return appListener(incoming, outgoing);
  };
  server = createServer(answerKeptInNode(keptFestivalLists, counted));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A GET as sent on the wire: status, headers and the body's bytes as they came (no decompression). */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** Headers that differ between any two answers (a new request id, the clock). */
const stable = (headers: IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'x-request-id' && name !== 'date'));

const tag = `Nodo${Date.now().toString(36)}`;

describe('kept answers written by the local server before the app', () => {
  it('answer a list, a page, the calendar and a festival asked for again with the same bytes and headers as the app, without going through it', async () => {
    const id = await createFestival({ name: `${tag} Repetido`, startDate: '2031-05-01', endDate: '2031-05-02' });
    for (const [path, headers] of [
      [`/api/festivals/${id}`, { 'accept-encoding': 'gzip' }],
      [`/api/festivals/${id}`, { cookie: 'a=b' }],
      ['/api/festivals/page?upcoming=false&sort=name&limit=5&offset=1', { 'accept-encoding': 'gzip, deflate, br' }],
      ['/api/festivals/page?upcoming=false&sort=name&limit=6', { authorization: 'Bearer no-es-un-token', 'accept-encoding': 'gzip' }],
      ['/api/festivals', { 'accept-encoding': 'gzip' }],
      ['/api/festivals/calendar?from=2031-05-01&to=2031-05-31', {}],
    ] as [string, Record<string, string>][]) {
      const first = await get(path, headers);
      expect(first.status, path).toBe(200);
      const before = throughApp;
      const again = await get(path, headers);
      expect(throughApp, `${path} went through the app`).toBe(before);
      expect(again.status, path).toBe(200);
      expect(stable(again.headers), path).toEqual(stable(first.headers));
      expect(again.body.equals(first.body), path).toBe(true);
      expect(again.headers['content-length'], path).toBe(String(first.body.length));
      expect(again.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
      expect(again.headers.vary).toBe('Accept-Encoding');
      expect(again.headers['content-security-policy']).toContain("default-src 'self'");
      if (headers['accept-encoding']) expect(again.headers['content-encoding'], path).toBe(headers['accept-encoding'].includes('br') ? 'br' : 'gzip');

      const conditional = await get(path, { ...headers, 'if-none-match': `W/${first.headers.etag}` });
      expect(throughApp).toBe(before);
      expect(conditional.status, path).toBe(304);
      expect(conditional.body.length).toBe(0);
      expect(conditional.headers.etag).toBe(first.headers.etag);
    }
  });

  it('let every other request through to the app: a write, a search, a HEAD', async () => {
    const before = throughApp;
    expect((await get('/api/festivals/page?search=nada-que-encontrar&limit=3')).status).toBe(200);
    await new Promise<void>((resolve, reject) => httpRequest(`${base}/api/festivals`, { method: 'HEAD' }, (res) => res.resume().on('end', resolve)).on('error', reject).end());
    expect(throughApp).toBe(before + 2);
  });

  it('show a write made through the API on the next read of a kept page and festival', async () => {
    const admin = await signInAdmin();
    const page = '/api/festivals/page?upcoming=false&sort=name&limit=100';
    const read = async () => JSON.parse((await get(page)).body.toString('utf8')) as { total: number; items: { id: number; name: string }[] };
    const before = await read();
    await read();
    const created = await api('POST', '/api/admin/festivals', {
      token: admin.token,
      body: { name: `${tag} Escrito`, location: 'Vigo, España', start_date: '2031-06-01', end_date: '2031-06-02', description: 'Recién creado.', genres: ['Techno'] },
    });
    expect(created.status).toBe(201);
    const after = await read();
    expect(after.total).toBe(before.total + 1);

    const festival = `/api/festivals/${created.json.id}`;
    expect(JSON.parse((await get(festival)).body.toString('utf8')).name).toBe(`${tag} Escrito`);
    const edited = await api('PUT', festival.replace('/api/', '/api/admin/'), {
      token: admin.token,
      body: { name: `${tag} Reescrito`, location: 'Vigo, España', start_date: '2031-06-01', end_date: '2031-06-02', description: 'Editado.', genres: ['Techno'] },
    });
    expect(edited.status).toBe(200);
    expect(JSON.parse((await get(festival)).body.toString('utf8')).name).toBe(`${tag} Reescrito`);
    expect((await read()).items.map((f) => f.name)).toContain(`${tag} Reescrito`);
  });
});
