import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { artistsTable, festivalsTable } from '#db/schema';
import { MAX_PENDING_PROPOSALS } from '../../functions/lib/domain/festivals/propose-festival';
import { rateLimits } from '../../functions/lib/rate-limit';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';

const DUPLICATE = 'Ya existe un festival pendiente o aprobado con ese nombre y localización.';
const defaultLimit = rateLimits.propose.limit;

const proposal = (name: string, location = 'Cádiz, España') => ({
  name,
  location,
  start_date: '2031-09-10',
  end_date: '2031-09-12',
  description: 'Electrónica frente al mar.',
});

let admin: SignedIn;

beforeAll(async () => {
  admin = await signInAdmin();
});

afterEach(() => {
  rateLimits.propose.limit = defaultLimit;
});

const propose = (who: SignedIn, body: ReturnType<typeof proposal>) =>
  api('POST', '/api/festivals', { token: who.token, body });
const storedNamed = (name: string) => db().select().from(festivalsTable).where(eq(festivalsTable.name, name));
const pendingOf = async () =>
  (await api('GET', '/api/admin/pending-festivals', { token: admin.token })).json as Array<Record<string, any>>;

describe('POST /api/festivals limits', () => {
  it('answers 429 in Spanish past the per-user rate limit, storing nothing; other users are not affected', async () => {
    rateLimits.propose.limit = 2;
    const ana = await signIn();
    expect((await propose(ana, proposal('Ritmo Uno'))).status).toBe(201);
    expect((await propose(ana, proposal('Ritmo Dos'))).status).toBe(201);
    const blocked = await propose(ana, proposal('Ritmo Tres'));
    expect(blocked.status).toBe(429);
    expect(blocked.json).toMatchObject({
      code: 'rate_limited',
      error: 'Has propuesto demasiados festivales en poco tiempo. Inténtalo de nuevo más tarde.',
    });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await storedNamed('Ritmo Tres')).toHaveLength(0);
    expect((await propose(await signIn(), proposal('Ritmo Tres'))).status).toBe(201);
  });

  it(`caps the proposals one user has waiting for moderation at ${MAX_PENDING_PROPOSALS}`, async () => {
    const bea = await signIn();
    const waiting = [];
    for (let i = 0; i < MAX_PENDING_PROPOSALS; i++)
      waiting.push(await createFestival({ name: `Espera ${i}`, status: 'pending', proposedBy: bea.user.id }));
    const blocked = await propose(bea, proposal('Una Más'));
    expect(blocked.status).toBe(429);
    expect(blocked.json).toMatchObject({
      code: 'too_many_pending',
      error:
        'Tienes demasiados festivales pendientes de revisión. Espera a que un administrador revise tus propuestas antes de proponer más.',
    });
    expect(await storedNamed('Una Más')).toHaveLength(0);
    // Once an admin decides one, there is room again.
    expect(
      (
        await api('PATCH', `/api/admin/festivals/${waiting[0]}/approve`, {
          token: admin.token,
          body: { status: 'rejected' },
        })
      ).status,
    ).toBe(200);
    expect((await propose(bea, proposal('Una Más'))).status).toBe(201);
  });
});

describe('duplicate proposals (409)', () => {
  it("never reveals another user's pending proposal: the second one is stored as that user's own", async () => {
    const ana = await signIn();
    const bruno = await signIn();
    const first = await propose(ana, proposal('Mar de Fondo'));
    expect(first.status).toBe(201);
    const second = await propose(bruno, proposal('MAR DE FONDO', 'cadiz,  españa'));
    expect(second.status).toBe(201);
    expect(second.json).toMatchObject({ name: 'MAR DE FONDO', status: 'pending', proposed_by: bruno.user.id });
    // Ana's festival is nowhere in the answer: no field of it holds her festival's id.
    expect(second.json.id).not.toBe(first.json.id);
    expect(Object.values(second.json)).not.toContain(first.json.id);
    expect(
      await db().select().from(festivalsTable).where(eq(festivalsTable.dedupeKey, 'mar de fondo|cadiz, espana')),
    ).toHaveLength(2);
    // Bruno still cannot see Ana's proposal.
    expect((await api('GET', `/api/festivals/${first.json.id}`, { token: bruno.token })).status).toBe(404);
  });

  it('answers 409 to the same user proposing their own pending festival again, and to anyone matching an approved one', async () => {
    const ana = await signIn();
    expect((await propose(ana, proposal('Ola Sonora'))).status).toBe(201);
    const again = await propose(ana, proposal('ola sonora'));
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ error: DUPLICATE, code: 'duplicate_festival', requestId: expect.any(String) });
    expect(
      await db()
        .select()
        .from(festivalsTable)
        .where(and(eq(festivalsTable.proposedBy, ana.user.id), eq(festivalsTable.name, 'ola sonora'))),
    ).toHaveLength(0);

    await createFestival({ name: 'Faro Techno', location: 'Cádiz, España' });
    const approvedTwin = await propose(await signIn(), proposal('Faro Techno'));
    expect(approvedTwin.status).toBe(409);
    expect(approvedTwin.json.error).toBe(DUPLICATE);
  });

  it('shows admins the clash, and refuses to approve a second festival with the same name and location', async () => {
    const ana = await signIn();
    const bruno = await signIn();
    const anas = (await propose(ana, proposal('Duna Norte'))).json.id as number;
    const brunos = (await propose(bruno, proposal('Duna Norte'))).json.id as number;
    const single = (await propose(bruno, proposal('Duna Sur'))).json.id as number;

    const pending = await pendingOf();
    expect(pending.find((f) => f.id === anas)!.possibleDuplicates).toEqual([
      { id: brunos, name: 'Duna Norte', status: 'pending', proposed_by: bruno.user.id },
    ]);
    expect(pending.find((f) => f.id === brunos)!.possibleDuplicates).toEqual([
      { id: anas, name: 'Duna Norte', status: 'pending', proposed_by: ana.user.id },
    ]);
    expect(pending.find((f) => f.id === single)!.possibleDuplicates).toEqual([]);

    expect(
      (await api('PATCH', `/api/admin/festivals/${anas}/approve`, { token: admin.token, body: { status: 'approved' } }))
        .status,
    ).toBe(200);
    expect((await pendingOf()).find((f) => f.id === brunos)!.possibleDuplicates).toEqual([
      { id: anas, name: 'Duna Norte', status: 'approved', proposed_by: ana.user.id },
    ]);
    const clash = await api('PATCH', `/api/admin/festivals/${brunos}/approve`, {
      token: admin.token,
      body: { status: 'approved' },
    });
    expect(clash.status).toBe(409);
    expect(clash.json).toEqual({
      code: 'duplicate_festival',
      error:
        'Ya existe un festival aprobado con ese nombre y localización: «Duna Norte». Rechaza esta propuesta o edítala antes de aprobarla.',
      details: { duplicate_of: { id: anas, name: 'Duna Norte' } },
      requestId: expect.any(String),
    });
    const [row] = await db().select().from(festivalsTable).where(eq(festivalsTable.id, brunos));
    expect(row.status).toBe('pending');
    // Approving through the edit form is refused the same way; rejecting works.
    const edit = await api('PUT', `/api/admin/festivals/${brunos}`, {
      token: admin.token,
      body: { ...proposal('Duna Norte'), start_date: '2031-09-10', status: 'approved' },
    });
    expect(edit.status).toBe(409);
    expect(edit.json.error).toBe(DUPLICATE);
    expect(
      (
        await api('PATCH', `/api/admin/festivals/${brunos}/approve`, {
          token: admin.token,
          body: { status: 'rejected' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('POST /api/festivals with a lineup and tickets', () => {
  const tag = `${Date.now()}`;
  const withExtras = (name: string, extras: Record<string, unknown>) => ({
    ...proposal(name, 'Gijón, España'),
    ...extras,
  });
  const artistsNamed = (name: string) => db().select().from(artistsTable).where(eq(artistsTable.name, name));

  it('stores them pending with the festival, as its edition, and shows them to admins in the queue', async () => {
    const admin2 = await signInAdmin();
    const known = await api('POST', '/api/admin/artists', { token: admin2.token, body: { name: `Conocida ${tag}` } });
    expect(known.status).toBe(201);
    const ana = await signIn();
    const res = await api('POST', '/api/festivals', {
      token: ana.token,
      body: withExtras(`Con Cartel ${tag}`, {
        // An artist typed like an existing one is that artist; the same name twice is one entry.
        lineup: [`  Nueva Propuesta ${tag} `, `CONOCIDA ${tag}`, `nueva propuesta ${tag}`],
        ticket_url: 'https://entradas.example.com/con-cartel',
        price_from: '59.90',
      }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.status).toBe('pending');
    expect(res.json.lineup.map((e: { artist: { name: string; id: number } }) => e.artist.name)).toEqual([
      `Nueva Propuesta ${tag}`,
      `Conocida ${tag}`,
    ]);
    expect(res.json.lineup[1].artist.id).toBe(known.json.id);
    expect(res.json.tickets).toMatchObject({ price_from: 59.9, ticket_url: 'https://entradas.example.com/con-cartel' });

    const queued = (await pendingOf()).find((f) => f.id === res.json.id)!;
    expect(queued.proposal).toEqual({
      lineup: [`Nueva Propuesta ${tag}`, `Conocida ${tag}`],
      ticket_url: 'https://entradas.example.com/con-cartel',
      price_from: 59.9,
    });
    // The proposer sees them on their pending festival; nobody else does.
    expect((await api('GET', `/api/festivals/${res.json.id}`, { token: ana.token })).json.tickets.price_from).toBe(
      59.9,
    );
    expect((await api('GET', `/api/festivals/${res.json.id}`)).status).toBe(404);
  });

  it("keeps the spec's body valid without them: no lineup, no tickets", async () => {
    const res = await propose(await signIn(), proposal(`Sin Cartel ${tag}`));
    expect(res.status).toBe(201);
    expect(res.json.lineup).toEqual([]);
    expect(res.json.tickets).toBeNull();
    expect((await pendingOf()).find((f) => f.id === res.json.id)!.proposal).toEqual({
      lineup: [],
      ticket_url: null,
      price_from: null,
    });
  });

  it.each([
    [{ price_from: -10 }, 'El precio desde no puede ser negativo.'],
    [{ price_from: 25000 }, 'El precio desde no puede superar 10000 €.'],
    [{ price_from: 'barato' }, 'El precio desde debe ser un número.'],
    [{ ticket_url: 'ftp://entradas.example.com' }, 'La URL de venta no es válida: usa una dirección http(s).'],
    [{ ticket_url: 'javascript:alert(1)' }, 'La URL de venta no es válida: usa una dirección http(s).'],
    [{ lineup: 'Amelie Lens, Boris Brejcha' }, 'lineup debe ser una lista de nombres de artistas.'],
    [{ lineup: ['Bien', ''] }, 'El nombre del artista es obligatorio.'],
    [{ lineup: ['Bien', '!!!'] }, 'El nombre del artista debe contener letras o números.'],
    [{ lineup: ['Bien', 'D.J.'] }, '«D.J.» no es un nombre de artista: escribe el nombre, no solo «DJ».'],
    [{ lineup: ['x'.repeat(201)] }, 'El nombre del artista no puede superar los 200 caracteres.'],
    [{ lineup: Array.from({ length: 501 }, (_, i) => `A${i}`) }, 'Un cartel puede tener como máximo 500 artistas.'],
  ])(
    'refuses %j with a Spanish 400 and saves nothing, neither the festival nor new artists',
    async (extras, message) => {
      const name = `Refusada ${tag} ${JSON.stringify(extras).length}`;
      const res = await api('POST', '/api/festivals', {
        token: (await signIn()).token,
        body: withExtras(name, { lineup: [`Nunca Creada ${tag}`], ...extras }),
      });
      expect(res.status, res.text).toBe(400);
      expect(res.json.error).toBe(message);
      expect(await storedNamed(name)).toHaveLength(0);
      expect(await artistsNamed(`Nunca Creada ${tag}`)).toHaveLength(0);
    },
  );

  it('saves nothing when the database refuses the last part: the festival, its edition and its new artists go together', async () => {
    const name = `A Medias ${tag}`;
    // The tickets are written last: make the database refuse them (a check violation, 23514), as it
    // would for any row that breaks a constraint, and see that what came before is undone.
    await db().execute(sql`create function refuse_tickets() returns trigger language plpgsql as $$
      begin raise exception 'entradas rechazadas' using errcode = '23514'; end $$`);
    await db().execute(sql`create trigger refuse_tickets before insert on edition_tickets for each row
      when (new.ticket_url like '%rechazadas%') execute function refuse_tickets()`);
    try {
      const res = await api('POST', '/api/festivals', {
        token: (await signIn()).token,
        body: withExtras(name, {
          lineup: [`Tampoco Creada ${tag}`],
          ticket_url: 'https://entradas.example.com/rechazadas',
        }),
      });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe('Los datos enviados no son válidos.');
    } finally {
      await db().execute(sql`drop trigger refuse_tickets on edition_tickets`);
      await db().execute(sql`drop function refuse_tickets()`);
    }
    expect(await storedNamed(name)).toHaveLength(0);
    expect(await artistsNamed(`Tampoco Creada ${tag}`)).toHaveLength(0);
  });
});
