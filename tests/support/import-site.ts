import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A festival's own website on loopback, shaped as real ones publish their data: schema.org JSON-LD
 * (sub-events per set, one MusicEvent per artist, a @graph with offers), iCalendar, Open Graph. The
 * product reaches it only through IMPORT_ALLOW_HOSTS.
 */

export type Page = { type: string; body: string | Buffer; status?: number; headers?: Record<string, string> };

export const html = (head: string, body = '<h1>Festival</h1>'): Page => ({
  type: 'text/html; charset=utf-8',
  body: `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Web oficial</title>${head}</head><body>${body}</body></html>`,
});

export const jsonLd = (...blocks: unknown[]) =>
  blocks
    .map((b) => `<script type="application/ld+json">${typeof b === 'string' ? b : JSON.stringify(b)}</script>`)
    .join('\n');

/** A festival with one sub-event per set: each a MusicEvent with its performer, time (with zone) and stage. */
export function festivalWithSubEvents(name: string, year: number, artists: string[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Festival',
    name,
    description: `${name}: tres días de techno junto al mar.`,
    url: 'https://example.org/',
    image: { '@type': 'ImageObject', url: '/img/cartel.jpg' },
    startDate: `${year}-07-10`,
    endDate: `${year}-07-12`,
    eventStatus: 'https://schema.org/EventScheduled',
    location: {
      '@type': 'Place',
      name: 'Playa del Norte',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Paseo Marítimo 1',
        postalCode: '12001',
        addressLocality: 'Castellón',
        addressCountry: 'España',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 39.98, longitude: -0.03 },
    },
    organizer: { '@type': 'Organization', name: 'Promotora del Norte' },
    offers: [
      {
        '@type': 'Offer',
        name: 'Abono',
        price: '89.00',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        url: 'https://example.org/entradas',
        validFrom: `${year}-01-15T10:00:00+01:00`,
      },
    ],
    subEvent: artists.map((artist, i) => ({
      '@type': 'MusicEvent',
      name: `${artist} en ${name}`,
      startDate: `${year}-07-${10 + (i % 3)}T${String(20 + (i % 4)).padStart(2, '0')}:30:00+02:00`,
      endDate: `${year}-07-${10 + (i % 3)}T${String(21 + (i % 4)).padStart(2, '0')}:30:00+02:00`,
      location: { '@type': 'Place', name: i % 2 ? 'Escenario Bosque' : 'Escenario Mar' },
      performer: { '@type': 'MusicGroup', name: artist },
    })),
  };
}

export interface ImportSite {
  port: number;
  url: (path: string) => string;
  pages: Map<string, Page>;
  requests: string[];
  close: () => Promise<void>;
}

/** Serves `pages` by path on a free loopback port (`port` 0) or the one given. */
export async function startImportSite(pages: Record<string, Page> = {}, port = 0): Promise<ImportSite> {
  const map = new Map(Object.entries(pages));
  const requests: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(path);
    const page = map.get(path);
    if (!page) return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('no');
    res.on('error', () => undefined);
    // A conditional request for the version the page still is: 304, as real servers answer.
    const etag = page.headers?.ETag;
    if (etag && req.headers['if-none-match'] === etag) return void res.writeHead(304, { ETag: etag }).end();
    res.writeHead(page.status ?? 200, { 'Content-Type': page.type, ...page.headers }).end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    port: actual,
    url: (path) => `http://127.0.0.1:${actual}${path}`,
    pages: map,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
