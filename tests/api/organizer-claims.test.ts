import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { festivalOrganizersTable, notificationsTable, organizerClaimsTable, outboxTable } from '#db/schema';
import { resetEnv } from '../../functions/lib/env';
import { runOutbox } from '../../functions/lib/outbox/worker';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server';

let smtp: TestSmtpServer;
let site: Server;
let sitePort: number;
/** What the festival's official website serves, by path: the tests publish and withdraw the token here. */
const pages = new Map<string, { type: string; body: string; status?: number; location?: string }>();
let admin: SignedIn;

beforeAll(async () => {
  smtp = await startSmtpServer();
  site = createServer((req, res) => {
    const page = pages.get(req.url ?? '/');
    if (!page) return void res.writeHead(404).end('no existe');
    res.writeHead(page.status ?? 200, {
      'Content-Type': page.type,
      ...(page.location ? { Location: page.location } : {}),
    });
    res.end(page.body);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  sitePort = (site.address() as AddressInfo).port;
  resetEnv({
    SMTP_URL: smtp.url,
    PUBLIC_BASE_URL: 'https://festivales.test',
    IMPORT_ALLOW_HOSTS: `127.0.0.1:${sitePort}`,
  });
  admin = await signInAdmin();
});

afterAll(async () => {
  resetEnv({ SMTP_URL: undefined, PUBLIC_BASE_URL: undefined, IMPORT_ALLOW_HOSTS: undefined });
  await smtp.close();
  await new Promise((resolve) => site.close(resolve));
});

/** The code in the last message mailed to `address`, as the person would read it. */
async function mailedCode(address: string): Promise<string> {
  await runOutbox(db());
  const mail = smtp.received.filter((m) => m.envelopeTo.includes(address)).at(-1);
  expect(mail, `un correo a ${address}`).toBeDefined();
  expect(mail!.parsed.headers.get('list-unsubscribe')).toBeUndefined();
  return /(\d{6})$/.exec(mail!.parsed.subject ?? '')![1];
}

describe('claim by a code mailed to the official domain', () => {
  it('mails a code to an address at the domain, verifies it, and an admin approves: the claimant organises the festival and is told', async () => {
    const festivalId = await createFestival({ website: 'https://www.sonar-prueba.es/es/2030' });
    const claimant = await signIn();
    const wrongDomain = await api('POST', `/api/festivals/${festivalId}/claims`, {
      token: claimant.token,
      body: { method: 'email', email: 'yo@gmail.com' },
    });
    expect(wrongDomain.status).toBe(400);
    expect(wrongDomain.json.error).toMatch(/@sonar-prueba\.es/);

    const created = await api('POST', `/api/festivals/${festivalId}/claims`, {
      token: claimant.token,
      body: { method: 'email', email: 'Prensa@Sonar-Prueba.es' },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      festival_id: festivalId,
      method: 'email',
      status: 'pending',
      email: 'prensa@sonar-prueba.es',
    });
    const code = await mailedCode('prensa@sonar-prueba.es');
    const [stored] = await db().select().from(organizerClaimsTable).where(eq(organizerClaimsTable.id, created.json.id));
    expect(stored.codeHash).not.toContain(code);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await api('POST', `/api/claims/${created.json.id}/verify`, {
      token: claimant.token,
      body: { code: wrong },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.error).toBe('El código no es correcto. Te quedan 4 intentos.');

    const someoneElse = await signIn();
    expect(
      (await api('POST', `/api/claims/${created.json.id}/verify`, { token: someoneElse.token, body: { code } })).status,
    ).toBe(404);
    expect((await api('GET', '/api/claims', { token: someoneElse.token })).json).toEqual([]);

    const ok = await api('POST', `/api/claims/${created.json.id}/verify`, { token: claimant.token, body: { code } });
    expect(ok.status).toBe(200);
    expect(ok.json.status).toBe('verified');

    // Not an organiser yet: the desk refuses them with a 403.
    expect(
      (
        await api('PUT', `/api/organizer/festivals/${festivalId}`, {
          token: claimant.token,
          body: { description: 'x' },
        })
      ).status,
    ).toBe(403);

    const queue = await api('GET', '/api/admin/claims', { token: admin.token });
    const listed = queue.json.find((c: { id: number }) => c.id === created.json.id);
    expect(listed).toMatchObject({
      status: 'verified',
      user: { id: claimant.user.id },
      proof: 'Código confirmado desde prensa@sonar-prueba.es',
    });
    expect((await api('GET', '/api/admin/claims', { token: claimant.token })).status).toBe(403);

    const approved = await api('PATCH', `/api/admin/claims/${created.json.id}`, {
      token: admin.token,
      body: { status: 'approved' },
    });
    expect(approved.status).toBe(200);
    expect(approved.json.status).toBe('approved');
    const organizers = await api('GET', `/api/admin/festivals/${festivalId}/organizers`, { token: admin.token });
    expect(organizers.json).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ id: claimant.user.id }),
        granted_by: expect.objectContaining({ id: admin.user.id }),
      }),
    ]);
    const bell = await db().select().from(notificationsTable).where(eq(notificationsTable.userId, claimant.user.id));
    expect(bell.map((n) => n.message)).toContainEqual(expect.stringMatching(/está aprobada/));
    await runOutbox(db());
    expect(
      smtp.received.some((m) => m.envelopeTo.includes(claimant.user.email) && /aprobada/.test(m.parsed.subject ?? '')),
    ).toBe(true);
    expect(
      (await api('GET', '/api/organizer/festivals', { token: claimant.token })).json.map((f: { id: number }) => f.id),
    ).toEqual([festivalId]);

    expect(
      (await api('PATCH', `/api/admin/claims/${created.json.id}`, { token: admin.token, body: { status: 'rejected' } }))
        .status,
    ).toBe(409);
  });

  it('counts five tries, lets a code expire, refuses approving an unverified claim and tells a rejected claimant', async () => {
    const festivalId = await createFestival({ website: 'https://intentos.es' });
    const claimant = await signIn();
    const created = await api('POST', `/api/festivals/${festivalId}/claims`, {
      token: claimant.token,
      body: { method: 'email', email: 'hola@intentos.es' },
    });
    const code = await mailedCode('hola@intentos.es');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      await api('POST', `/api/claims/${created.json.id}/verify`, { token: claimant.token, body: { code: wrong } });
    const exhausted = await api('POST', `/api/claims/${created.json.id}/verify`, {
      token: claimant.token,
      body: { code },
    });
    expect(exhausted.status).toBe(422);
    expect(exhausted.json.code).toBe('code_tries_exhausted');
    expect(
      (await api('PATCH', `/api/admin/claims/${created.json.id}`, { token: admin.token, body: { status: 'approved' } }))
        .status,
    ).toBe(409);

    // Asking again replaces the claim still waiting for its proof with a new code; this one expires.
    const again = await api('POST', `/api/festivals/${festivalId}/claims`, {
      token: claimant.token,
      body: { method: 'email', email: 'hola@intentos.es' },
    });
    expect(again.status).toBe(201);
    const fresh = await mailedCode('hola@intentos.es');
    await db()
      .update(organizerClaimsTable)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(organizerClaimsTable.id, again.json.id));
    const expired = await api('POST', `/api/claims/${again.json.id}/verify`, {
      token: claimant.token,
      body: { code: fresh },
    });
    expect(expired).toMatchObject({ status: 422, json: { error: 'El código ha caducado: pide uno nuevo.' } });

    const rejected = await api('PATCH', `/api/admin/claims/${again.json.id}`, {
      token: admin.token,
      body: { status: 'rejected' },
    });
    expect(rejected.json.status).toBe('rejected');
    const bell = await db().select().from(notificationsTable).where(eq(notificationsTable.userId, claimant.user.id));
    expect(bell.map((n) => n.message)).toContain(
      `Tu solicitud para gestionar ${(await api('GET', `/api/festivals/${festivalId}`)).json.name} no se ha aprobado.`,
    );
  });

  it('answers bad bodies in Spanish, 404 for a festival nobody may see, 409 for a festival without proof of a domain or already organised', async () => {
    const claimant = await signIn();
    const festivalId = await createFestival({ website: 'https://cuerpos.es' });
    const bad = await api('POST', `/api/festivals/${festivalId}/claims`, {
      token: claimant.token,
      body: { method: 'fax' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/Elige cómo demostrarlo/);
    expect((await api('POST', `/api/festivals/${festivalId}/claims`, { body: { method: 'website' } })).status).toBe(
      401,
    );
    const hidden = await createFestival({ status: 'pending', website: 'https://oculto.es' });
    expect(
      (await api('POST', `/api/festivals/${hidden}/claims`, { token: claimant.token, body: { method: 'website' } }))
        .status,
    ).toBe(404);
    const noSite = await createFestival({ website: null });
    expect(
      (await api('POST', `/api/festivals/${noSite}/claims`, { token: claimant.token, body: { method: 'website' } }))
        .status,
    ).toBe(422);
    await db().insert(festivalOrganizersTable).values({ festivalId, userId: claimant.user.id });
    expect(
      (await api('POST', `/api/festivals/${festivalId}/claims`, { token: claimant.token, body: { method: 'website' } }))
        .status,
    ).toBe(409);
  });
});

describe('claim by a token on the official website', () => {
  it('gives the token, finds it in the meta tag of the home page or the .well-known file, and answers 422 while it is missing', async () => {
    const festivalId = await createFestival({ website: `http://127.0.0.1:${sitePort}/festival` });
    const claimant = await signIn();
    const created = await api('POST', `/api/festivals/${festivalId}/claims`, {
      token: claimant.token,
      body: { method: 'website' },
    });
    expect(created.status).toBe(201);
    const { token, meta, file } = created.json.verification;
    expect(meta).toBe(`<meta name="festivales-verification" content="${token}">`);
    expect(file).toBe(`http://127.0.0.1:${sitePort}/.well-known/festivales-verification.txt`);

    pages.set('/', { type: 'text/html', body: '<html><head><title>Festival</title></head></html>' });
    const missing = await api('POST', `/api/claims/${created.json.id}/verify`, { token: claimant.token, body: {} });
    expect(missing.status).toBe(422);
    expect(missing.json.error).toMatch(/No encontramos el token/);

    pages.set('/', { type: 'text/html; charset=utf-8', body: `<html><head>${meta}</head><body>Hola</body></html>` });
    const found = await api('POST', `/api/claims/${created.json.id}/verify`, { token: claimant.token, body: {} });
    expect(found.status).toBe(200);
    expect(found.json.status).toBe('verified');
    const [row] = await db().select().from(organizerClaimsTable).where(eq(organizerClaimsTable.id, created.json.id));
    expect(row.proof).toBe(`http://127.0.0.1:${sitePort}/`);

    const second = await signIn();
    const other = await api('POST', `/api/festivals/${festivalId}/claims`, {
      token: second.token,
      body: { method: 'website' },
    });
    pages.set('/.well-known/festivales-verification.txt', {
      type: 'text/plain',
      body: `${other.json.verification.token}\n`,
    });
    const byFile = await api('POST', `/api/claims/${other.json.id}/verify`, { token: second.token, body: {} });
    expect(byFile.json.status).toBe('verified');
    pages.delete('/.well-known/festivales-verification.txt');
  });

  it('refuses a website at an internal address or one that redirects there, without saying what it answered', async () => {
    for (const website of ['http://169.254.169.254/', 'http://127.0.0.1/', `http://127.0.0.1:${sitePort}/salto`]) {
      const festivalId = await createFestival({ website });
      pages.set('/', {
        type: 'text/html',
        status: 302,
        body: '',
        location: 'http://169.254.169.254/latest/meta-data/',
      });
      const claimant = await signIn();
      const created = await api('POST', `/api/festivals/${festivalId}/claims`, {
        token: claimant.token,
        body: { method: 'website' },
      });
      const refused = await api('POST', `/api/claims/${created.json.id}/verify`, { token: claimant.token, body: {} });
      expect([400, 422]).toContain(refused.status);
      expect(refused.json.error).toMatch(/privada, local o interna|puertos 80/);
      const [row] = await db()
        .select()
        .from(organizerClaimsTable)
        .where(and(eq(organizerClaimsTable.id, created.json.id)));
      expect(row.status).toBe('pending');
    }
    pages.delete('/');
    // The code mails of this file went through the outbox, not around it.
    expect((await db().select().from(outboxTable).where(eq(outboxTable.kind, 'claim-code'))).length).toBeGreaterThan(0);
  });
});

describe('admin grants and revokes', () => {
  it('grants the role to a user, lists and revokes it; 404 for unknown people and festivals, 409 twice', async () => {
    const festivalId = await createFestival();
    const person = await signIn();
    const granted = await api('POST', `/api/admin/festivals/${festivalId}/organizers`, {
      token: admin.token,
      body: { user_id: person.user.id },
    });
    expect(granted.status).toBe(201);
    expect(granted.json[0].user.id).toBe(person.user.id);
    expect(
      (
        await api('POST', `/api/admin/festivals/${festivalId}/organizers`, {
          token: admin.token,
          body: { user_id: person.user.id },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await api('POST', `/api/admin/festivals/${festivalId}/organizers`, {
          token: admin.token,
          body: { user_id: 99999999 },
        })
      ).status,
    ).toBe(404);
    expect((await api('GET', '/api/admin/festivals/99999999/organizers', { token: admin.token })).status).toBe(404);
    expect(
      (
        await api('POST', `/api/admin/festivals/${festivalId}/organizers`, {
          token: person.token,
          body: { user_id: person.user.id },
        })
      ).status,
    ).toBe(403);
    expect(
      (await api('DELETE', `/api/admin/festivals/${festivalId}/organizers/${person.user.id}`, { token: admin.token }))
        .status,
    ).toBe(200);
    expect(
      (await api('DELETE', `/api/admin/festivals/${festivalId}/organizers/${person.user.id}`, { token: admin.token }))
        .status,
    ).toBe(404);
    expect(
      (
        await api('PUT', `/api/organizer/festivals/${festivalId}`, {
          token: person.token,
          body: { description: 'Ya no.' },
        })
      ).status,
    ).toBe(403);
  });
});
