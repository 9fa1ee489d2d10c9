import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiateEncoding } from '../../functions/lib/compression';
import { setIndexHtmlLoader } from '../../functions/pages/app';
import { root, signIn } from '../support/api';
import { addComment, createFestival } from '../support/fixtures';

const description =
  'Tres días de techno, house y electro junto al mar, con escenarios al aire libre y una programación que cambia cada noche. '.repeat(
    20,
  );

let festivalId: number;

// The share page is written into the built index.html; the tests run before any build, so they
// give it one of the size a real build has (a few kilobytes, worth compressing).
const INDEX =
  '<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Festivales</title>' +
  '<link rel="modulepreload" href="/assets/chunk.js">'.repeat(40) +
  '</head><body><div id="root"></div></body></html>';

afterAll(() => setIndexHtmlLoader(undefined));

beforeAll(async () => {
  setIndexHtmlLoader(async () => INDEX);
  festivalId = await createFestival({ name: 'Compresión', description });
  // And a page of cards to compress.
  for (let i = 0; i < 15; i++) await createFestival({ name: `Compresión ${i}`, description });
  // Enough approved comments for a list of several kilobytes.
  for (let i = 0; i < 12; i++) {
    const author = await signIn();
    await addComment(
      festivalId,
      author.user.id,
      1 + (i % 5),
      `Comentario ${i}: ${'muy buen ambiente y mejor sonido. '.repeat(6)}`,
      'approved',
    );
  }
});

const get = (path: string, acceptEncoding?: string, extra: Record<string, string> = {}) =>
  root().request(path, {
    headers: { ...(acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding }), ...extra },
  });

/** The answer's bytes decoded as its Content-Encoding says. */
async function decoded(res: Response): Promise<string> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const coding = res.headers.get('content-encoding');
  if (coding === 'br') return brotliDecompressSync(bytes).toString();
  if (coding === 'gzip') return gunzipSync(bytes).toString();
  expect(coding).toBeNull();
  return bytes.toString();
}

describe('negotiating the encoding', () => {
  it('prefers brotli, falls back to gzip, honours q=0 and *', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('gzip;q=0, br;q=0')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});

describe.each([
  ['a festival', () => `/api/festivals/${festivalId}`],
  ['its comments', () => `/api/comments/festival/${festivalId}`],
  ['a list page', () => '/api/festivals/page?upcoming=false&limit=24'],
  ['its share page (HTML)', () => `/festival/${festivalId}/compresion`],
])('%s', (_name, path) => {
  it('comes in brotli or gzip as asked, the same content as uncompressed, and varies on Accept-Encoding', async () => {
    const plain = await get(path());
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(1024);

    const br = await get(path(), 'gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('content-type')).toBe(plain.headers.get('content-type'));
    expect(br.headers.get('x-content-type-options')).toBe('nosniff');
    const brBody = await decoded(br);
    expect(brBody).toBe(text);

    const gzip = await get(path(), 'gzip, br;q=0');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await decoded(gzip)).toBe(text);
  });
});

describe('conditional requests stay conditional', () => {
  it('a compressed festival, list page or comment list answers 304 to its own ETag', async () => {
    for (const path of [
      `/api/festivals/${festivalId}`,
      '/api/festivals/page?upcoming=false&limit=24',
      `/api/comments/festival/${festivalId}`,
    ]) {
      const first = await get(path, 'br');
      const etag = first.headers.get('etag');
      expect(etag).toBeTruthy();
      const again = await get(path, 'br', { 'If-None-Match': etag! });
      expect(again.status).toBe(304);
      expect(again.headers.get('content-encoding')).toBeNull();
      expect(await again.text()).toBe('');
    }
  });

  it('small answers and errors are sent as they are', async () => {
    const missing = await get('/api/festivals/999999999', 'br');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(await missing.text()).code).toBe('festival_not_found');
  });
});
