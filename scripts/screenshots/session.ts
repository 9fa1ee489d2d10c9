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
}
