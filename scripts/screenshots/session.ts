/** The demo session and the few rows the screenshot script needs so that no screen is empty. */

interface Json {
  [key: string]: unknown;
}

async function call(
  base: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Signs in as the demo account through the local fallback sign-in (manual_login_token_*). */
export async function signIn(base: string): Promise<string> {
  const session = (await call(base, null, 'POST', '/api/users/auth/google', {
    credential: `manual_login_token_${Date.now()}`,
  })) as Json;
  if (session.role !== 'admin')
    throw new Error('The demo account is not admin: start the site with ADMIN_EMAILS=demo@festivales.local');
  process.env.SCREENSHOT_USER_ID = String(session.id);
  return String(session.token);
}

/**
 * An approved comment on the first festival (its comments and rating show) and a pending proposal
 * (the admin panel has something to moderate); skipped when they exist already.
 */
export async function prepareData(base: string, token: string): Promise<void> {
  const comments = (await call(base, token, 'GET', '/api/comments/festival/1')) as Json[];
  if (!comments.some((c) => c.status === 'approved')) {
    const comment = (await call(base, token, 'POST', '/api/comments', {
      festival_id: 1,
      content: 'Un cartel enorme y un sonido impecable. Volveremos el año que viene.',
      rating: 5,
    })) as Json;
    await call(base, token, 'PUT', `/api/admin/comments/${comment.id}/approve`);
  }
  const pending = (await call(base, token, 'GET', '/api/admin/pending-festivals')) as Json[];
  if (!pending.length) {
    await call(base, token, 'POST', '/api/festivals', {
      name: 'Festival de Prueba del Puerto',
      location: 'Cádiz, España',
      start_date: '2031-08-15',
      end_date: '2031-08-17',
      description: 'Tres días de **techno** y house frente al mar.',
      genres: 'Techno, House',
      lineup: ['Amelie Lens', 'Charlotte de Witte', 'Artista Nueva del Puerto'],
      ticket_url: 'https://entradas.example.com/puerto',
      price_from: 45,
    });
  }
  await prepareTripFacts(base, token);
}

/**
 * Festival 14's current edition with price tiers (the first sold out, one on sale, the next to
 * come), its gate conditions and its accessibility: the sections the seed leaves 'Sin confirmar'.
 * Sources at example addresses: these figures exist only in the screenshots' database.
 */
async function prepareTripFacts(base: string, token: string): Promise<void> {
  const festival = (await call(base, token, 'GET', '/api/festivals/14')) as Json;
  const edition = festival.edition as Json | null;
  if (!edition || (festival.tiers as Json[] | undefined)?.length) return;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await call(base, token, 'PUT', `/api/admin/editions/${edition.id}/tiers`, {
    tiers: [
      { kind: 'abono', name: 'Abono general – 1.er tramo', price: 45, fees: 4.5, sold_out: true },
      { kind: 'abono', name: 'Abono general – 2.º tramo', price: 55, fees: 5.5, ends_at: day(40) },
      {
        kind: 'abono',
        name: 'Abono general – 3.er tramo',
        price: 65,
        fees_included: true,
        on_sale_at: `${day(41)}T10:00:00Z`,
      },
      { kind: 'camping', name: 'Camping', price: 30, fees: 2 },
    ],
    source_url: 'https://festival.example/entradas',
    verified_at: day(-2),
  });
  await call(base, token, 'PUT', `/api/admin/editions/${edition.id}/conditions`, {
    food: 'sealed_only',
    water: 'free_fountains',
    reentry: 'none',
    cashless: true,
    cashless_refund_fee: 0,
    cashless_refund_days: 30,
    age_policy: 'minors_with_guardian',
    minimum_age: 16,
    camping: 'extra',
    source_url: 'https://festival.example/faq',
    verified_at: day(-3),
  });
  await call(base, token, 'PUT', `/api/admin/editions/${edition.id}/accessibility`, {
    step_free: true,
    viewing_platform: true,
    adapted_toilets: true,
    companion_ticket: 'free',
    assistance_dogs: true,
    contact: 'accesibilidad@festival.example',
    source_url: 'https://festival.example/accesibilidad',
    verified_at: day(-3),
  });
  // One correction waiting in the admin's 'Correcciones'.
  await call(base, token, 'POST', '/api/festivals/14/fact-corrections', {
    group: 'conditions',
    field: 'food',
    value: 'allowed',
    source_url: 'https://festival.example/faq',
    note: 'La FAQ de este año dice que se puede entrar con bocadillos.',
  });
}

const LIVE_FESTIVAL = 'Festival en Directo de las Capturas';

/**
 * The organisers' screens: the demo account organises a festival on today (timed sets, one delayed,
 * one cancelled) with a posted update, and festival 1 has a verified website claim by it waiting for
 * the admin. Its id goes in SCREENSHOT_LIVE_FESTIVAL for the screens' paths.
 */
export async function prepareOrganizerData(base: string, token: string): Promise<void> {
  const userId = Number(process.env.SCREENSHOT_USER_ID);
  const mine = (await call(base, token, 'GET', '/api/organizer/festivals')) as Json[];
  let festival = mine.find((f) => f.name === LIVE_FESTIVAL);
  if (!festival) {
    const today = new Date().toISOString().slice(0, 10);
    festival = (await call(base, token, 'POST', '/api/admin/festivals', {
      name: LIVE_FESTIVAL,
      location: 'Valencia, España',
      start_date: today,
      end_date: today,
      description: 'Un día de **techno** junto al mar.',
      website: 'https://directo.example.com',
      genres: ['Techno'],
      latitude: 39.47,
      longitude: -0.38,
    })) as Json;
    await call(base, token, 'POST', `/api/admin/festivals/${festival.id}/organizers`, { user_id: userId });
    const [edition] = (await call(base, null, 'GET', `/api/festivals/${festival.id}/editions`)) as Json[];
    const at = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
    const saved = (await call(base, token, 'PUT', `/api/organizer/editions/${edition.id}/lineup`, {
      lineup: [
        { artist_name: 'Amelie Lens', stage: 'Principal', starts_at: at(1), ends_at: at(2) },
        { artist_name: 'Charlotte de Witte', stage: 'Principal', starts_at: at(2), ends_at: at(3) },
        { artist_name: 'Ben Klock', stage: 'Carpa', starts_at: at(1.5), ends_at: at(3) },
      ],
    })) as { lineup: Json[] };
    await call(base, token, 'PATCH', `/api/organizer/sets/${saved.lineup[0].id}`, {
      status: 'delayed',
      delay_minutes: 30,
    });
    await call(base, token, 'PATCH', `/api/organizer/sets/${saved.lineup[2].id}`, { status: 'cancelled' });
    await call(base, token, 'POST', `/api/organizer/festivals/${festival.id}/updates`, {
      title: 'Puertas a las 18:00',
      body: 'Trae **agua**: hay fuentes en el recinto. El último autobús sale a las 04:00.',
    });
  }
  process.env.SCREENSHOT_LIVE_FESTIVAL = String(festival.id);
}

/**
 * 'Voy' on festival 14 (its page and card show the counts), and a plan with friends for the live
 * festival, with the demo account's picks (a clash among them) and a meeting point. The plan's id
 * and its invitation path go in SCREENSHOT_PLAN and SCREENSHOT_PLAN_JOIN for the screens' paths.
 */
export async function prepareTogetherData(base: string, token: string): Promise<void> {
  await call(base, token, 'PUT', '/api/festivals/14/attendance', { status: 'going' });
  const festivalId = Number(process.env.SCREENSHOT_LIVE_FESTIVAL);
  const mine = (await call(base, token, 'GET', '/api/plans')) as Json[];
  let plan = mine.find((p) => p.festival_id === festivalId);
  if (!plan) {
    const festival = (await call(base, null, 'GET', `/api/festivals/${festivalId}`)) as { lineup: Json[] };
    await call(base, token, 'PUT', `/api/timetables/${festivalId}`, { picks: festival.lineup.map((e) => e.id) });
    plan = (await call(base, token, 'POST', '/api/plans', { festival_id: festivalId, name: 'Los del techno' })) as Json;
    await call(base, token, 'POST', `/api/plans/${plan.id}/meeting-points`, { note: 'Junto a la torre de sonido' });
  }
  const full = (await call(base, token, 'GET', `/api/plans/${plan.id}`)) as Json;
  process.env.SCREENSHOT_PLAN = String(plan.id);
  process.env.SCREENSHOT_PLAN_JOIN = new URL(String(full.invite_url)).pathname;
}
