import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { newsletterSubscriptionsTable } from '#db/schema';
import { rateLimits } from '../../functions/lib/rate-limit';
import { api, db } from '../support/api';

const defaultLimit = rateLimits.newsletter.limit;
let address = 0;
/** Each test its own client address, so the per-address limit only bites where a test wants it. */
const from = () => ({ 'X-Forwarded-For': `203.0.113.${++address}` });

const rowsFor = async (email: string) =>
  db()
    .select()
    .from(newsletterSubscriptionsTable)
    .where(sql`lower(${newsletterSubscriptionsTable.email}) = ${email.toLowerCase()}`);

afterEach(() => {
  rateLimits.newsletter.limit = defaultLimit;
});

describe('POST /api/newsletter/subscribe', () => {
  it('stores the address and answers the success text', async () => {
    const res = await api('POST', '/api/newsletter/subscribe', {
      body: { email: '  lucia@example.com ' },
      headers: from(),
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('¡Te has suscrito correctamente a nuestra newsletter!');
    const rows = await rowsFor('lucia@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0].email).toBe('lucia@example.com');
  });

  it('keeps one row when the same address subscribes twice, whatever its case', async () => {
    const headers = from();
    await api('POST', '/api/newsletter/subscribe', { body: { email: 'twice@example.com' }, headers });
    const again = await api('POST', '/api/newsletter/subscribe', { body: { email: 'TWICE@example.com' }, headers });
    expect(again.status).toBe(200);
    expect(await rowsFor('twice@example.com')).toHaveLength(1);
  });

  it.each([
    [{}],
    [{ email: '' }],
    [{ email: 'no-es-un-correo' }],
    [{ email: 42 }],
    [{ email: `${'a'.repeat(250)}@example.com` }],
  ])('rejects %o with its Spanish message', async (body) => {
    const res = await api('POST', '/api/newsletter/subscribe', { body, headers: from() });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('Por favor, introduce un correo electrónico válido.');
  });

  it('answers 429 in Spanish past the per-address limit and stores nothing more', async () => {
    rateLimits.newsletter.limit = 2;
    const headers = from();
    for (const n of [1, 2]) {
      expect(
        (await api('POST', '/api/newsletter/subscribe', { body: { email: `burst${n}@example.com` }, headers })).status,
      ).toBe(200);
    }
    const blocked = await api('POST', '/api/newsletter/subscribe', { body: { email: 'burst3@example.com' }, headers });
    expect(blocked.status).toBe(429);
    expect(blocked.json).toEqual({
      error: 'Demasiados intentos de suscripción. Inténtalo de nuevo más tarde.',
      code: 'rate_limited',
      requestId: expect.any(String),
    });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await rowsFor('burst3@example.com')).toHaveLength(0);
    // Another address is not affected.
    expect(
      (await api('POST', '/api/newsletter/subscribe', { body: { email: 'burst3@example.com' }, headers: from() }))
        .status,
    ).toBe(200);
  });
});
