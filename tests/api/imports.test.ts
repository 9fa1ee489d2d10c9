import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  artistsTable,
  festivalChangesTable,
  festivalEditionsTable,
  festivalFactSourcesTable,
  festivalOrganizersTable,
  lineupEntriesTable,
} from '#db/schema';
import { resetEnv } from '../../functions/lib/env';
import { api, db, signIn, signInAdmin, type SignedIn } from '../support/api';
import { createFestival } from '../support/fixtures';
import { festivalWithSubEvents, html, jsonLd, startImportSite, type ImportSite } from '../support/import-site';

let site: ImportSite;
let admin: SignedIn;
let organizer: SignedIn;
let stranger: SignedIn;
let festivalId: number;
let knownArtist: string;

const YEAR = 2031;
/** The @graph page's year: one the festival has no edition of. */
const G = YEAR + 1;

const ics = (lines: string[]) => lines.join('\r\n') + '\r\n';

beforeAll(async () => {
  knownArtist = `Amelie Prueba ${Date.now()}`;
  await db().insert(artistsTable).values({ name: knownArtist, slug: 'amelie-prueba' });
  site = await startImportSite({
    '/subeventos.html': html(
      jsonLd(festivalWithSubEvents('Mar de Techno', YEAR, [knownArtist, 'Nuevo Artista Uno', 'Nuevo Artista Dos'])),
    ),
    '/artistas.html': html(
      jsonLd(
        ...['Solo Uno', 'Solo Dos', 'Solo Tres'].map((artist, i) => ({
          '@context': 'https://schema.org',
          '@type': 'MusicEvent',
          name: `${artist} · Noches de Bosque`,
          startDate: `${YEAR}-08-0${i + 1}T23:00:00+02:00`,
          endDate: `${YEAR}-08-0${i + 2}T01:00:00+02:00`,
          location: { '@type': 'Place', name: 'Sala Roble' },
          performer: [{ '@type': 'Person', name: artist }],
          superEvent: { '@type': 'Festival', name: 'Noches de Bosque' },
        })),
      ),
    ),
    '/grafo.html': html(
      jsonLd({
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'WebSite', '@id': '#web', name: 'Web oficial' },
          {
            '@type': ['Festival'],
            '@id': '#festival',
            name: 'Grafo Fest',
            startDate: `${G}-06-05T16:00:00+02:00`,
            endDate: `${G}-06-07T06:00:00+02:00`,
            location: { '@id': '#lugar' },
            performer: [
              { '@type': 'MusicGroup', name: 'Banda Grafo', startDate: `${G}-06-05T22:00:00+02:00`, location: 'Carpa' },
              { '@type': 'Person', name: 'Persona Grafo' },
            ],
            offers: {
              '@type': 'AggregateOffer',
              lowPrice: 40,
              highPrice: 120,
              priceCurrency: 'EUR',
              offers: [
                {
                  '@type': 'Offer',
                  name: 'Early bird',
                  price: 40,
                  priceCurrency: 'EUR',
                  availability: 'https://schema.org/SoldOut',
                },
                {
                  '@type': 'Offer',
                  name: 'General',
                  price: 65,
                  priceCurrency: 'EUR',
                  availability: 'InStock',
                  url: '/tickets',
                },
                {
                  '@type': 'Offer',
                  name: 'VIP',
                  price: '120,00',
                  priceCurrency: 'EUR',
                  availability: 'https://schema.org/LimitedAvailability',
                },
              ],
            },
          },
          {
            '@type': 'Place',
            '@id': '#lugar',
            name: 'Recinto Ferial',
            address: {
              '@type': 'PostalAddress',
              addressLocality: 'Valencia',
              addressCountry: { '@type': 'Country', name: 'España' },
            },
            geo: { latitude: '39.47', longitude: '-0.37' },
          },
        ],
      }),
    ),
    '/cancelado.html': html(
      jsonLd({
        '@context': 'https://schema.org',
        '@type': 'MusicEvent',
        name: 'Festival Cancelado',
        startDate: `${YEAR}-09-01`,
        endDate: `${YEAR}-09-02`,
        eventStatus: 'https://schema.org/EventCancelled',
      }),
    ),
    '/cambiado.html': html(
      jsonLd({
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: 'Festival Movido',
        startDate: `${YEAR}-10-03`,
        endDate: `${YEAR}-10-04`,
        previousStartDate: `${YEAR}-09-26`,
        eventStatus: 'EventRescheduled',
      }),
    ),
    '/roto.html': html(
      jsonLd('{"@type": "Festival", "name": "Roto"', {
        '@context': 'https://schema.org',
        '@type': 'Festival',
        name: 'Entero',
        startDate: `${YEAR}-05-01`,
      }),
    ),
    '/solo-og.html': html(
      [
        jsonLd('{ esto no es json'),
        '<meta property="og:title" content="Festival Solo OG">',
        '<meta name="description" content="Música electrónica en la montaña.">',
        '<meta property="og:image" content="/og.jpg">',
      ].join(''),
    ),
    '/nada.html': html('', '<p>Hola</p>'),
    '/horarios.ics': {
      type: 'text/calendar; charset=utf-8',
      body: ics([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Festival//ES',
        'X-WR-CALNAME:Calendario Fest',
        'BEGIN:VEVENT',
        'UID:fest@example.org',
        'DTSTART;VALUE=DATE:' + `${YEAR}0710`,
        'DTEND;VALUE=DATE:' + `${YEAR}0713`,
        'SUMMARY:Calendario Fest',
        'LOCATION:Bilbao\\, España',
        'URL:https://example.org/',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:set1@example.org',
        `DTSTART;TZID=Europe/Madrid:${YEAR}0710T220000`,
        `DTEND;TZID=Europe/Madrid:${YEAR}0710T233000`,
        'SUMMARY:Artista Calendario',
        'LOCATION:Escenario Ría',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:set2@example.org',
        `DTSTART:${YEAR}0711T210000Z`,
        'SUMMARY:Otra Artista',
        'END:VEVENT',
        'END:VCALENDAR',
      ]),
    },
    '/grande.html': { type: 'text/html', body: Buffer.alloc(5 * 1024 * 1024, 'a') },
    '/a-loopback': { type: 'text/plain', status: 302, body: '', headers: { Location: 'http://127.0.0.1/admin' } },
    '/a-metadatos': {
      type: 'text/plain',
      status: 302,
      body: '',
      headers: { Location: 'http://169.254.169.254/latest/meta-data/' },
    },
  });
  resetEnv({ IMPORT_ALLOW_HOSTS: `127.0.0.1:${site.port}` });
  admin = await signInAdmin();
  organizer = await signIn();
  stranger = await signIn();
  festivalId = await createFestival({
    name: `Mar de Techno ${Date.now()}`,
    startDate: `${YEAR}-07-09`,
    endDate: `${YEAR}-07-11`,
    website: 'https://example.org/',
  });
  await db()
    .insert(festivalOrganizersTable)
    .values({ festivalId, userId: organizer.user.id, grantedBy: admin.user.id });
});

afterAll(async () => {
  await site.close();
  resetEnv({ IMPORT_ALLOW_HOSTS: undefined });
});

const preview = (token: string, url: string, festival_id?: number) =>
  api('POST', '/api/import/preview', { token, body: { url, ...(festival_id ? { festival_id } : {}) } });

describe('the import preview', () => {
  it('reads a festival with a sub-event per set: dates, place, sets with times and stages, artists matched', async () => {
    const res = await preview(admin.token, site.url('/subeventos.html'), festivalId);
    expect(res.status).toBe(200);
    const draft = res.json;
    expect(draft.source).toMatchObject({ url: site.url('/subeventos.html'), kind: 'json-ld' });
    expect(Date.parse(draft.source.fetched_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(draft.festival).toMatchObject({
      name: 'Mar de Techno',
      location: 'Castellón, España',
      address: 'Playa del Norte, Paseo Marítimo 1, 12001 Castellón',
      latitude: 39.98,
      longitude: -0.03,
      image_url: site.url('/img/cartel.jpg'),
      organizer: 'Promotora del Norte',
    });
    expect(draft.edition).toEqual({
      year: YEAR,
      start_date: `${YEAR}-07-10`,
      end_date: `${YEAR}-07-12`,
      status: 'confirmed',
      event_status: 'scheduled',
    });
    expect(draft.lineup).toHaveLength(3);
    expect(draft.lineup[0]).toMatchObject({
      name: knownArtist,
      new: false,
      day: `${YEAR}-07-10`,
      stage: 'Escenario Mar',
      starts_at: `${YEAR}-07-10T18:30:00.000Z`,
      ends_at: `${YEAR}-07-10T19:30:00.000Z`,
    });
    expect(draft.lineup[0].artist_id).toEqual(expect.any(Number));
    expect(draft.lineup[1]).toMatchObject({
      name: 'Nuevo Artista Uno',
      new: true,
      artist_id: null,
      stage: 'Escenario Bosque',
    });
    expect(draft.tickets).toEqual([
      {
        name: 'Abono',
        price: 89,
        currency: 'EUR',
        availability: 'in_stock',
        valid_from: `${YEAR}-01-15T09:00:00.000Z`,
        url: 'https://example.org/entradas',
      },
    ]);
    // Beside the stored festival: its dates, place and lineup differ; the website is the same.
    const fields = draft.diff.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'dates', 'lineup', 'tickets', 'location', 'coordinates']));
    expect(fields).not.toContain('website');
    expect(draft.diff.find((d: { field: string }) => d.field === 'dates')).toEqual({
      field: 'dates',
      current: { start_date: `${YEAR}-07-09`, end_date: `${YEAR}-07-11`, status: 'confirmed' },
      imported: { start_date: `${YEAR}-07-10`, end_date: `${YEAR}-07-12`, status: 'confirmed' },
    });
  });

  it('reads one MusicEvent per artist as the sets of the festival they belong to', async () => {
    const res = await preview(admin.token, site.url('/artistas.html'));
    expect(res.status).toBe(200);
    expect(res.json.festival.name).toBe('Noches de Bosque');
    expect(res.json.edition).toMatchObject({ start_date: `${YEAR}-08-01`, end_date: `${YEAR}-08-04` });
    expect(res.json.lineup.map((l: { name: string }) => l.name)).toEqual(['Solo Uno', 'Solo Dos', 'Solo Tres']);
    expect(res.json.lineup[2]).toMatchObject({ stage: 'Sala Roble', starts_at: `${YEAR}-08-03T21:00:00.000Z` });
    expect(res.json.diff).toBeUndefined();
  });

  it('reads a Festival in a @graph: its place by reference, performers with their own set, every ticket tier', async () => {
    const res = await preview(admin.token, site.url('/grafo.html'));
    expect(res.status).toBe(200);
    expect(res.json.festival).toMatchObject({ name: 'Grafo Fest', location: 'Valencia, España', latitude: 39.47 });
    expect(res.json.edition).toMatchObject({ start_date: `${G}-06-05`, end_date: `${G}-06-07` });
    expect(res.json.lineup).toEqual([
      expect.objectContaining({ name: 'Banda Grafo', stage: 'Carpa', starts_at: `${G}-06-05T20:00:00.000Z` }),
      expect.objectContaining({ name: 'Persona Grafo', stage: null, starts_at: null }),
    ]);
    expect(
      res.json.tickets.map((t: { name: string; price: number; availability: string }) => [
        t.name,
        t.price,
        t.availability,
      ]),
    ).toEqual([
      ['Early bird', 40, 'sold_out'],
      ['General', 65, 'in_stock'],
      ['VIP', 120, 'limited'],
    ]);
    expect(res.json.tickets[1].url).toBe(site.url('/tickets'));
  });

  it('says when the event is cancelled, and when it was moved (with the old date)', async () => {
    const cancelled = await preview(admin.token, site.url('/cancelado.html'));
    expect(cancelled.json.edition).toMatchObject({ status: 'cancelled', event_status: 'cancelled' });
    expect(cancelled.json.warnings.join(' ')).toMatch(/cancelado/);
    const moved = await preview(admin.token, site.url('/cambiado.html'));
    expect(moved.json.edition).toMatchObject({
      start_date: `${YEAR}-10-03`,
      status: 'confirmed',
      event_status: 'rescheduled',
    });
    expect(moved.json.warnings.join(' ')).toMatch(
      new RegExp(`cambiado de fecha \\(antes empezaba el ${YEAR}-09-26\\)`),
    );
  });

  it('reads an iCalendar feed: the festival and its sets, times in their zone', async () => {
    const res = await preview(admin.token, site.url('/horarios.ics'));
    expect(res.status).toBe(200);
    expect(res.json.source.kind).toBe('ical');
    expect(res.json.festival).toMatchObject({
      name: 'Calendario Fest',
      location: 'Bilbao, España',
      website: 'https://example.org/',
    });
    expect(res.json.edition).toMatchObject({ start_date: `${YEAR}-07-10`, end_date: `${YEAR}-07-12` });
    expect(res.json.lineup).toEqual([
      expect.objectContaining({
        name: 'Artista Calendario',
        stage: 'Escenario Ría',
        day: `${YEAR}-07-10`,
        starts_at: `${YEAR}-07-10T20:00:00.000Z`,
        ends_at: `${YEAR}-07-10T21:30:00.000Z`,
      }),
      expect.objectContaining({ name: 'Otra Artista', starts_at: `${YEAR}-07-11T21:00:00.000Z` }),
    ]);
  });

  it('skips a broken JSON-LD block with a warning, and falls back to Open Graph when nothing else is readable', async () => {
    const broken = await preview(admin.token, site.url('/roto.html'));
    expect(broken.status).toBe(200);
    expect(broken.json.festival.name).toBe('Entero');
    expect(broken.json.warnings).toContain('El bloque JSON-LD n.º 1 de la página no es JSON válido: se ha saltado.');
    const og = await preview(admin.token, site.url('/solo-og.html'));
    expect(og.status).toBe(200);
    expect(og.json.source.kind).toBe('opengraph');
    expect(og.json.festival).toMatchObject({
      name: 'Festival Solo OG',
      description: 'Música electrónica en la montaña.',
      image_url: site.url('/og.jpg'),
    });
    expect(og.json.warnings[0]).toMatch(/no es JSON válido/);
    expect(og.json.edition).toBeNull();
  });

  it('answers 422 when nothing is readable, 413 past 2 MB, 400 to an invalid address, 502 to an unreachable site', async () => {
    const nothing = await preview(admin.token, site.url('/nada.html'));
    expect(nothing.status).toBe(422);
    expect(nothing.json.code).toBe('import_nothing_readable');
    const big = await preview(admin.token, site.url('/grande.html'));
    expect(big.status).toBe(413);
    expect(big.json.error).toMatch(/más de 2 MB/);
    const invalid = await preview(admin.token, 'no es una url');
    expect(invalid.status).toBe(400);
    expect(invalid.json.error).toMatch(/no es válida/);
    const ftp = await preview(admin.token, 'ftp://example.org/fest.ics');
    expect(ftp.status).toBe(400);
    const gone = await preview(admin.token, 'http://no-existe.invalid/');
    expect(gone.status).toBe(502);
  });

  it('refuses redirects to loopback and to the metadata service, in Spanish, without the allow list', async () => {
    for (const path of ['/a-loopback', '/a-metadatos']) {
      const res = await preview(admin.token, site.url(path));
      expect(res.status, path).toBe(422);
      expect(res.json.code).toBe('fetch_refused_address');
      expect(res.json.error).toMatch(/privada, local o interna/);
    }
    const direct = await preview(admin.token, 'http://169.254.169.254/latest/meta-data/');
    expect(direct.status).toBe(422);
  });

  it('lets organisers read for their festival only: 403 for another one or a new festival, 404 for a hidden one', async () => {
    expect((await preview(organizer.token, site.url('/subeventos.html'), festivalId)).status).toBe(200);
    expect((await preview(stranger.token, site.url('/subeventos.html'), festivalId)).status).toBe(403);
    const newOne = await preview(organizer.token, site.url('/subeventos.html'));
    expect(newOne.status).toBe(403);
    expect(newOne.json.error).toMatch(/Solo administración/);
    const hidden = await createFestival({ status: 'pending' });
    expect((await preview(stranger.token, site.url('/subeventos.html'), hidden)).status).toBe(404);
    expect((await api('POST', '/api/import/preview', { body: { url: site.url('/nada.html') } })).status).toBe(401);
  });
});

describe('applying an import', () => {
  it('writes the ticked fields through the domain writes, keeps the source per group, and the page shows them', async () => {
    const draft = (await preview(admin.token, site.url('/subeventos.html'), festivalId)).json;
    const before = await db().select().from(artistsTable).where(eq(artistsTable.name, 'Nuevo Artista Uno'));
    expect(before).toHaveLength(0);
    const res = await api('POST', '/api/import/apply', {
      token: admin.token,
      body: {
        festival_id: festivalId,
        source_url: draft.source.url,
        fields: ['description', 'dates', 'lineup', 'tickets'],
        draft: { festival: draft.festival, edition: draft.edition, lineup: draft.lineup, tickets: draft.tickets },
      },
    });
    expect(res.status).toBe(200);
    expect(res.json.description).toBe('Mar de Techno: tres días de techno junto al mar.');
    // The name was not ticked: it stays.
    expect(res.json.name).toMatch(/^Mar de Techno \d+/);
    expect(res.json.start_date).toBe(`${YEAR}-07-10`);
    expect(res.json.lineup.map((l: { artist: { name: string } }) => l.artist.name)).toEqual([
      knownArtist,
      'Nuevo Artista Uno',
      'Nuevo Artista Dos',
    ]);
    expect(res.json.tickets).toMatchObject({
      price_from: 89,
      sold_out: false,
      ticket_url: 'https://example.org/entradas',
    });
    expect(res.json.sources.map((s: { group: string }) => s.group)).toEqual([
      'festival',
      'edition',
      'lineup',
      'tickets',
    ]);

    const [edition] = await db()
      .select()
      .from(festivalEditionsTable)
      .where(and(eq(festivalEditionsTable.festivalId, festivalId), eq(festivalEditionsTable.year, YEAR)));
    expect(edition).toMatchObject({ startDate: `${YEAR}-07-10`, endDate: `${YEAR}-07-12` });
    const entries = await db().select().from(lineupEntriesTable).where(eq(lineupEntriesTable.editionId, edition.id));
    expect(entries).toHaveLength(3);
    expect(entries.find((e) => e.position === 0)).toMatchObject({ stage: 'Escenario Mar', day: `${YEAR}-07-10` });
    expect(entries.find((e) => e.position === 0)!.startsAt!.toISOString()).toBe(`${YEAR}-07-10T18:30:00.000Z`);
    const sources = await db()
      .select()
      .from(festivalFactSourcesTable)
      .where(eq(festivalFactSourcesTable.festivalId, festivalId));
    expect(sources).toHaveLength(4);
    expect(sources.every((s) => s.sourceUrl === site.url('/subeventos.html') && s.enteredBy === admin.user.id)).toBe(
      true,
    );
    // The history recorded each write, as for an edit by hand.
    const changes = await db()
      .select()
      .from(festivalChangesTable)
      .where(eq(festivalChangesTable.festivalId, festivalId));
    expect(changes.map((c) => c.entity)).toEqual(expect.arrayContaining(['festival', 'edition', 'lineup', 'tickets']));

    // The public page's answer carries the lineup and the sources at once.
    const page = await api('GET', `/api/festivals/${festivalId}`);
    expect(page.json.lineup).toHaveLength(3);
    expect(page.json.sources).toEqual([
      { group: 'festival', url: site.url('/subeventos.html'), checked_at: expect.any(String) },
      { group: 'edition', url: site.url('/subeventos.html'), checked_at: expect.any(String) },
      { group: 'lineup', url: site.url('/subeventos.html'), checked_at: expect.any(String) },
      { group: 'tickets', url: site.url('/subeventos.html'), checked_at: expect.any(String) },
    ]);
  });

  it('refuses what cannot be applied, before writing anything', async () => {
    const draft = (await preview(admin.token, site.url('/grafo.html'), festivalId)).json;
    const body = (fields: string[], over: Record<string, unknown> = {}) => ({
      festival_id: festivalId,
      source_url: draft.source.url,
      fields,
      draft: {
        festival: draft.festival,
        edition: draft.edition,
        lineup: draft.lineup,
        tickets: draft.tickets,
        ...over,
      },
    });
    // Organisers change neither name nor place, as on their desk.
    const renamed = await api('POST', '/api/import/apply', {
      token: organizer.token,
      body: body(['name', 'description']),
    });
    expect(renamed.status).toBe(400);
    expect(renamed.json.error).toMatch(/los cambia administración/);
    // The page has no description: nothing to apply.
    const empty = await api('POST', '/api/import/apply', { token: admin.token, body: body(['description']) });
    expect(empty.status).toBe(400);
    expect(empty.json.error).toMatch(/no da ningún valor/);
    // A lineup for a year the festival does not have, without its dates.
    const noEdition = await api('POST', '/api/import/apply', { token: admin.token, body: body(['lineup']) });
    expect(noEdition.status).toBe(422);
    expect(noEdition.json.error).toMatch(new RegExp(`no tiene edición de ${G}`));
    expect((await api('POST', '/api/import/apply', { token: stranger.token, body: body(['tickets']) })).status).toBe(
      403,
    );
    const sources = await db()
      .select()
      .from(festivalFactSourcesTable)
      .where(eq(festivalFactSourcesTable.sourceUrl, draft.source.url));
    expect(sources).toHaveLength(0);
  });

  it('lets an organiser apply tickets to their festival: a sold-out tier among others is not sold out', async () => {
    const draft = (await preview(organizer.token, site.url('/grafo.html'), festivalId)).json;
    const res = await api('POST', '/api/import/apply', {
      token: organizer.token,
      body: {
        festival_id: festivalId,
        source_url: draft.source.url,
        fields: ['tickets'],
        draft: { festival: draft.festival, edition: draft.edition, lineup: [], tickets: draft.tickets },
      },
    });
    expect(res.status).toBe(422);
    // Its tiers belong to the festival's current edition when the page gives no year of its own.
    const applied = await api('POST', '/api/import/apply', {
      token: organizer.token,
      body: {
        festival_id: festivalId,
        source_url: draft.source.url,
        fields: ['tickets'],
        draft: { festival: draft.festival, edition: null, lineup: [], tickets: draft.tickets },
      },
    });
    expect(applied.status).toBe(200);
    expect(applied.json.tickets).toMatchObject({ price_from: 40, price_to: 120, sold_out: false, currency: 'EUR' });
    const changes = await db()
      .select()
      .from(festivalChangesTable)
      .where(and(eq(festivalChangesTable.festivalId, festivalId), eq(festivalChangesTable.entity, 'tickets')));
    expect(changes.at(-1)!.actorRole).toBe('organizer');
  });
});
