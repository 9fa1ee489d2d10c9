import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setIndexHtmlLoader } from '../../functions/pages/app';
import { resetEnv } from '../../functions/lib/env';
import { eq } from 'drizzle-orm';
import { festivalEditionsTable } from '#db/schema';
import { api, db, signIn, signInAdmin } from '../support/api';
import { createFestival } from '../support/fixtures';

const INDEX = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <title>Festivales - Descubre tu próximo festival de música electrónica</title>
    <meta name="description" content="Descripción general." />
    <!--app-head-->
  </head>
  <body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body>
</html>`;

const meta = (html: string, attr: 'property' | 'name', key: string) =>
  new RegExp(`<meta ${attr}="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];

const decode = (s: string | undefined) =>
  s
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const jsonLd = (html: string) => {
  const m = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]) : undefined;
};

let festivalId: number;
let longId: number;
let pendingId: number;

beforeAll(async () => {
  setIndexHtmlLoader(async () => INDEX);
  festivalId = await createFestival(
    {
      name: 'Sónar "Prueba" <Noche>',
      location: 'Barcelona, España',
      address: 'Fira Montjuïc',
      description: 'Música **avanzada**, creatividad y tecnología.',
      startDate: '2031-06-18',
      endDate: '2031-06-20',
      imageUrl: '/uploads/festivals/sonar.jpg',
      latitude: 41.37,
      longitude: 2.15,
    },
    ['Electrónica'],
  );
  longId = await createFestival({
    name: 'Festival Largo',
    description: `${'Una descripción muy larga '.repeat(20)}</script><script>alert(1)</script>`,
    imageUrl: 'https://cdn.example.com/largo.jpg',
  });
  pendingId = await createFestival({ name: 'Festival Pendiente Pages', status: 'pending' });
});

afterAll(() => {
  setIndexHtmlLoader(undefined);
  resetEnv({ PUBLIC_BASE_URL: undefined });
});

describe('GET /festival/{id}/{slug} (share previews)', () => {
  it('injects the title, a 160-character description, Open Graph, Twitter card and a JSON-LD Event', async () => {
    const res = await api('GET', `/festival/${festivalId}/sonar-prueba-noche`, {
      headers: { Host: 'festivales.test' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = res.text;
    expect(html).toContain('<title>Sónar &quot;Prueba&quot; &lt;Noche&gt; - Festivales</title>');
    expect(html).not.toContain('Descubre tu próximo festival de música electrónica</title>');
    expect(html).toContain('<script type="module" src="/assets/index-abc.js"></script>');
    expect(decode(meta(html, 'name', 'description'))).toBe('Música avanzada, creatividad y tecnología.');
    expect(decode(meta(html, 'property', 'og:title'))).toBe('Sónar "Prueba" <Noche> - Festivales');
    expect(meta(html, 'property', 'og:image')).toBe('http://festivales.test/uploads/festivals/sonar.jpg');
    expect(meta(html, 'property', 'og:url')).toBe(`http://festivales.test/festival/${festivalId}/sonar-prueba-noche`);
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'name', 'twitter:image')).toBe('http://festivales.test/uploads/festivals/sonar.jpg');
    expect(html).toContain(
      `<link rel="canonical" href="http://festivales.test/festival/${festivalId}/sonar-prueba-noche"`,
    );
    expect(jsonLd(html)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': ['MusicEvent', 'Festival'],
      name: 'Sónar "Prueba" <Noche>',
      startDate: '2031-06-18',
      endDate: '2031-06-20',
      image: ['http://festivales.test/uploads/festivals/sonar.jpg'],
      url: `http://festivales.test/festival/${festivalId}/sonar-prueba-noche`,
      location: {
        '@type': 'Place',
        name: 'Barcelona, España',
        address: 'Fira Montjuïc',
        geo: { '@type': 'GeoCoordinates', latitude: 41.37, longitude: 2.15 },
      },
    });
  });

  it("names the current edition's performers and its tickets offer in the JSON-LD", async () => {
    const admin = await signInAdmin();
    const id = await createFestival({ name: 'Cartel Compartido', startDate: '2031-07-10', endDate: '2031-07-12' });
    const [edition] = await db().select().from(festivalEditionsTable).where(eq(festivalEditionsTable.festivalId, id));
    const put = await api('PUT', `/api/admin/editions/${edition!.id}/lineup`, {
      token: admin.token,
      body: {
        lineup: [
          { artist_name: 'Artista Secundaria Pages', billing: 'regular' },
          { artist_name: 'Cabeza De Cartel Pages', billing: 'headliner' },
        ],
      },
    });
    expect(put.status).toBe(200);
    const tickets = await api('PUT', `/api/admin/editions/${edition!.id}/tickets`, {
      token: admin.token,
      body: { price_from: 89, price_to: 180, ticket_url: 'https://entradas.example/cartel', sold_out: true },
    });
    expect(tickets.status).toBe(200);
    const res = await api('GET', `/festival/${id}/cartel-compartido`, { headers: { Host: 'festivales.test' } });
    const ld = jsonLd(res.text);
    expect(ld.performer.map((p: { name: string }) => p.name)).toEqual([
      'Cabeza De Cartel Pages',
      'Artista Secundaria Pages',
    ]);
    expect(ld.performer[0]).toMatchObject({
      '@type': 'MusicGroup',
      url: expect.stringMatching(/^http:\/\/festivales\.test\/artista\/\d+\/cabeza-de-cartel-pages$/),
    });
    expect(ld.offers).toEqual({
      '@type': 'AggregateOffer',
      lowPrice: 89,
      highPrice: 180,
      priceCurrency: 'EUR',
      availability: 'https://schema.org/SoldOut',
      url: 'https://entradas.example/cartel',
    });
  });

  it('lists each price tier as an Offer, the minimum age as typicalAgeRange and accessibility as the place’s features', async () => {
    const admin = await signInAdmin();
    const id = await createFestival({ name: 'Tramos Compartidos', startDate: '2031-07-10', endDate: '2031-07-12' });
    const [edition] = await db().select().from(festivalEditionsTable).where(eq(festivalEditionsTable.festivalId, id));
    const put = (group: string, body: unknown) =>
      api('PUT', `/api/admin/editions/${edition!.id}/${group}`, { token: admin.token, body });
    const tiers = await put('tiers', {
      tiers: [
        { kind: 'abono', name: 'Abono 1.er tramo', price: 45, fees_included: true, sold_out: true },
        {
          kind: 'abono',
          name: 'Abono 2.º tramo',
          price: 65,
          fees: 4.5,
          fees_included: false,
          ends_at: '2031-05-01',
          url: 'https://entradas.example/abono',
        },
        { kind: 'vip', name: 'VIP', price: 120, fees_included: true, on_sale_at: '2031-03-01T10:00:00.000Z' },
      ],
    });
    expect(tiers.status, tiers.text).toBe(200);
    expect((await put('conditions', { age_policy: 'minimum_age', minimum_age: 18 })).status).toBe(200);
    expect(
      (await put('accessibility', { step_free: true, adapted_toilets: false, companion_ticket: 'free' })).status,
    ).toBe(200);
    const res = await api('GET', `/festival/${id}/tramos-compartidos`, { headers: { Host: 'festivales.test' } });
    const ld = jsonLd(res.text);
    expect(ld.offers).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: 45,
      highPrice: 120,
      priceCurrency: 'EUR',
      offerCount: 3,
      availability: 'https://schema.org/InStock',
    });
    expect(ld.offers.offers).toEqual([
      {
        '@type': 'Offer',
        name: 'Abono 1.er tramo',
        category: 'abono',
        price: 45,
        priceCurrency: 'EUR',
        availability: 'https://schema.org/SoldOut',
        // A tier without its own link offers the edition's ticket link.
        url: 'https://entradas.example/abono',
      },
      {
        '@type': 'Offer',
        name: 'Abono 2.º tramo',
        category: 'abono',
        price: 65,
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        validThrough: '2031-05-01',
        url: 'https://entradas.example/abono',
      },
      {
        '@type': 'Offer',
        name: 'VIP',
        category: 'vip',
        price: 120,
        priceCurrency: 'EUR',
        availability: 'https://schema.org/PreSale',
        validFrom: '2031-03-01T10:00:00.000Z',
        url: 'https://entradas.example/abono',
      },
    ]);
    expect(ld.typicalAgeRange).toBe('18-');
    expect(ld.location.amenityFeature).toEqual([
      { '@type': 'LocationFeatureSpecification', name: 'Acceso sin escalones', value: true },
      { '@type': 'LocationFeatureSpecification', name: 'Baños adaptados', value: false },
    ]);
  });

  it("gives an artist's page its own title, description and MusicGroup; 404 for an unknown one", async () => {
    const admin = await signInAdmin();
    const created = await api('POST', '/api/admin/artists', {
      token: admin.token,
      body: {
        name: 'Artista <Compartida>',
        country: 'Bélgica',
        genres: ['Techno'],
        instagram: 'https://instagram.com/compartida',
      },
    });
    expect(created.status).toBe(201);
    const res = await api('GET', `/artista/${created.json.id}/otro-slug`, { headers: { Host: 'festivales.test' } });
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>Artista &lt;Compartida&gt; - Festivales</title>');
    expect(decode(meta(res.text, 'name', 'description'))).toBe(
      'Artista <Compartida> (Bélgica · Techno). Sus festivales en Festivales.',
    );
    expect(meta(res.text, 'property', 'og:url')).toBe(
      `http://festivales.test/artista/${created.json.id}/artista-compartida`,
    );
    expect(jsonLd(res.text)).toMatchObject({
      '@type': 'MusicGroup',
      name: 'Artista <Compartida>',
      genre: ['Techno'],
      sameAs: ['https://instagram.com/compartida'],
    });
    const missing = await api('GET', '/artista/2147483000/nadie');
    expect(missing.status).toBe(404);
    expect(missing.text).not.toContain('og:title');
  });

  it('serves the same page without a slug and with a wrong slug', async () => {
    for (const path of [`/festival/${festivalId}`, `/festival/${festivalId}/otro-nombre`]) {
      const res = await api('GET', path);
      expect(res.status).toBe(200);
      expect(res.text).toContain('Prueba&quot; &lt;Noche&gt; - Festivales</title>');
    }
  });

  it('cuts long descriptions to 160 characters with ... and keeps script text inert', async () => {
    const res = await api('GET', `/festival/${longId}/festival-largo`);
    const description = decode(meta(res.text, 'name', 'description'))!;
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith('...')).toBe(true);
    expect(meta(res.text, 'property', 'og:image')).toBe('https://cdn.example.com/largo.jpg');
    // One JSON-LD script, one module script: the description could not close or open a tag.
    expect(res.text.match(/<script/g)).toHaveLength(2);
    expect(jsonLd(res.text).description).toBe(description);
  });

  it('uses PUBLIC_BASE_URL when configured and a default image when the festival has none', async () => {
    resetEnv({ PUBLIC_BASE_URL: 'https://festivales.example/' });
    const id = await createFestival({ name: 'Sin Imagen', imageUrl: null });
    const res = await api('GET', `/festival/${id}/sin-imagen`);
    expect(meta(res.text, 'property', 'og:image')).toBe('https://festivales.example/images/og-default.png');
    expect(meta(res.text, 'property', 'og:url')).toBe(`https://festivales.example/festival/${id}/sin-imagen`);
    // The hero (the stock artwork chosen by id) is preloaded from the HTML, in the hero's AVIF widths.
    const stock = `festival-${(id % 7) + 1}`;
    expect(res.text).toContain(
      '<link rel="preload" as="image" type="image/avif" ' +
        `imagesrcset="/images/stock/${stock}-sm.avif 400w, /images/stock/${stock}-md.avif 800w, /images/stock/${stock}-lg.avif 1600w" ` +
        'imagesizes="100vw" fetchpriority="high" data-share="" />',
    );
    resetEnv({ PUBLIC_BASE_URL: undefined });
  });

  it('preloads the stock artwork a festival image names in its AVIF widths', async () => {
    const id = await createFestival({ name: 'Con Imagen de Archivo', imageUrl: '/images/stock/festival-3-md.jpg' });
    const res = await api('GET', `/festival/${id}`);
    expect(res.text).toContain(
      '<link rel="preload" as="image" type="image/avif" ' +
        'imagesrcset="/images/stock/festival-3-sm.avif 400w, /images/stock/festival-3-md.avif 800w, /images/stock/festival-3-lg.avif 1600w" ' +
        'imagesizes="100vw" fetchpriority="high" data-share="" />',
    );
  });

  it("shows $&, $` and $' in festival text verbatim and leaves the rest of the page intact", async () => {
    const name = "Precio $& $` $' $$ $1 fin";
    // No backtick in the description: markdown reads it as code and the preview drops it.
    const description = "Entradas a 30$ ($& incluido), $' también; $$ no es $1.";
    const id = await createFestival({ name, description, location: "Lugar $'" });
    const res = await api('GET', `/festival/${id}`, { headers: { Host: 'festivales.test' } });
    expect(res.status).toBe(200);
    const html = res.text;
    expect(html).toContain('<title>Precio $&amp; $` $&#39; $$ $1 fin - Festivales</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<head>/g)).toHaveLength(1);
    expect(html.match(/<div id="root"><\/div>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('<!--app-head-->');
    expect(decode(meta(html, 'property', 'og:title'))).toBe(`${name} - Festivales`);
    expect(decode(meta(html, 'name', 'description'))).toBe(description);
    expect(decode(meta(html, 'name', 'twitter:description'))).toBe(description);
    expect(jsonLd(html)).toMatchObject({ name, description, location: { name: "Lugar $'" } });
    expect(html.endsWith('</html>')).toBe(true);
  });

  it('answers the plain SPA index with 404 for unknown, pending or malformed festivals', async () => {
    for (const path of [
      '/festival/999999',
      `/festival/${pendingId}/festival-pendiente-pages`,
      '/festival/abc',
      '/festival/99999999999999',
    ]) {
      const res = await api('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.text, path).toBe(INDEX);
    }
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt allows the site, keeps private screens out and names the sitemap', async () => {
    const res = await api('GET', '/robots.txt', { headers: { Host: 'festivales.test' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
    expect(res.text).toContain('User-agent: *');
    expect(res.text).toContain('Disallow: /admin');
    expect(res.text).toContain('Sitemap: http://festivales.test/sitemap.xml');
  });

  it('sitemap.xml lists every approved festival URL and the public pages, not pending ones', async () => {
    const res = await api('GET', '/sitemap.xml', { headers: { Host: 'festivales.test' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/xml/);
    expect(res.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(res.text).toContain(`<loc>http://festivales.test/festival/${festivalId}/sonar-prueba-noche</loc>`);
    expect(res.text).toContain(`<loc>http://festivales.test/festival/${longId}/festival-largo</loc>`);
    expect(res.text).toContain('<loc>http://festivales.test/calendar</loc>');
    expect(res.text).not.toContain(`/festival/${pendingId}/`);
    expect(res.text).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it("sitemap.xml lists the pages of artists on an approved festival's lineup, never names only on a pending proposal", async () => {
    const admin = await signInAdmin();
    const approved = await createFestival({
      name: 'Mapa Web Aprobado',
      startDate: '2032-06-01',
      endDate: '2032-06-02',
    });
    const [edition] = await db()
      .select()
      .from(festivalEditionsTable)
      .where(eq(festivalEditionsTable.festivalId, approved));
    const put = await api('PUT', `/api/admin/editions/${edition!.id}/lineup`, {
      token: admin.token,
      body: { lineup: [{ artist_name: 'Artista Del Mapa Web' }] },
    });
    expect(put.status).toBe(200);
    const artistId = put.json.lineup[0].artist.id;
    const proposer = await signIn('propone.mapa@festivales.test', 'Propone Mapa');
    const proposal = await api('POST', '/api/festivals', {
      token: proposer.token,
      body: {
        name: 'Propuesta Mapa Web',
        location: 'Lugo, España',
        start_date: '2032-05-01',
        end_date: '2032-05-02',
        description: 'Pendiente',
        lineup: ['Nombre Solo Pendiente'],
      },
    });
    expect(proposal.status).toBe(201);
    const res = await api('GET', '/sitemap.xml', { headers: { Host: 'festivales.test' } });
    expect(res.text).toMatch(
      new RegExp(
        `<url><loc>http://festivales\\.test/artista/${artistId}/artista-del-mapa-web</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod></url>`,
      ),
    );
    expect(res.text).not.toContain('nombre-solo-pendiente');
  });
});
