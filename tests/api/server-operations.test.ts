import { request } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#db/client';
import { contactMessagesTable } from '#db/schema';
import { scratchDirectory, startServer, type ServerProcess } from '../support/server-process';

/** The local server as `npm start` runs it, with its logs on: request lines, and what SIGTERM does. */
const scratch = scratchDirectory('festivales-ops-');
const dataDir = path.join(scratch.dir, 'data');
let server: ServerProcess;
let base: string;

beforeAll(async () => {
  server = startServer(scratch.dir, { DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  base = `http://127.0.0.1:${await server.listening}`;
}, 180_000);

afterAll(() => {
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
  scratch.remove();
});

async function until(condition: () => boolean, timeoutMs = 5000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(true));
  });

describe('request log', () => {
  it('writes one JSON line per request: method, path, status, duration and request id, never a token or the query', async () => {
    const list = await fetch(`${base}/api/festivals?search=consulta-secreta&limit=1`, {
      headers: { Authorization: 'Bearer token-secreto-123' },
    });
    expect(list.status).toBe(200);
    const missing = await fetch(`${base}/api/no-existe?token=otro-secreto`);
    expect(missing.status).toBe(404);
    const page = await fetch(`${base}/calendar`);
    expect(page.status).toBe(200);
    // Tokens that are the path itself: the private calendar feed, a shared timetable.
    const feed = await fetch(`${base}/api/feeds/favorites/feed-secreto-${'a'.repeat(32)}.ics`);
    const shared = await fetch(`${base}/api/timetables/shared/0b6f7c1e-5e2d-4d7a-9c1e-5ec7e7000000`);
    expect([feed.status, shared.status]).toEqual([404, 404]);
    const ids = [list, missing, page, feed, shared].map((res) => res.headers.get('X-Request-Id'));
    await until(() => ids.every((id) => server.logs().some((line) => line.requestId === id)));

    const lines = server.logs().filter((line) => line.msg === 'request');
    const expected = [
      { method: 'GET', path: '/api/festivals', status: 200 },
      { method: 'GET', path: '/api/no-existe', status: 404 },
      { method: 'GET', path: '/calendar', status: 200 },
      { method: 'GET', path: '/api/feeds/favorites/[oculto]', status: 404 },
      { method: 'GET', path: '/api/timetables/shared/[oculto]', status: 404 },
    ];
    ids.forEach((id, i) => {
      const mine = lines.filter((line) => line.requestId === id);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        level: 'info',
        requestId: id,
        ...expected[i],
        ms: expect.any(Number),
        time: expect.any(String),
      });
    });
    const output = server.stdout() + server.stderr();
    expect(output).not.toMatch(/token-secreto|otro-secreto|consulta-secreta|feed-secreto|5ec7e7000000/);
  });
});

describe('SIGTERM', () => {
  it(
    'finishes the request in flight, accepts no new connection, closes the database and exits 0',
    { timeout: 60_000 },
    async () => {
      const port = Number(new URL(base).port);
      const body = JSON.stringify({
        name: 'Lucía',
        email: 'lucia@example.com',
        subject: 'Apagado ordenado',
        category: 'general',
        message: 'Enviado mientras el servidor se detiene.',
      });
      // A contact message whose body arrives slowly: the request is in flight when the signal comes.
      const req = request(`${base}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json' } });
      const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
        req.on('response', (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        req.on('error', reject);
      });
      req.write(body.slice(0, 30));
      await new Promise((resolve) => setTimeout(resolve, 500));

      server.child.kill('SIGTERM');
      await until(() => server.logs().some((line) => String(line.msg).startsWith('shutting down')));
      expect(await refused(port)).toBe(true);
      expect(server.child.exitCode).toBe(null);
      await new Promise((resolve) => setTimeout(resolve, 300));
      req.end(body.slice(30));

      const answer = await response;
      expect(answer.status).toBe(201);
      expect(JSON.parse(answer.body).message).toBe('¡Mensaje enviado correctamente! Te responderemos pronto.');
      expect(await server.exited).toBe(0);
      expect(server.logs().some((line) => line.msg === 'stopped')).toBe(true);

      // The embedded database was closed cleanly: it opens again and holds the message.
      const reopened = await openDatabase({ dataDir });
      try {
        const rows = await reopened.db
          .select()
          .from(contactMessagesTable)
          .where(eq(contactMessagesTable.subject, 'Apagado ordenado'));
        expect(rows).toHaveLength(1);
      } finally {
        await reopened.close();
      }
    },
  );
});
