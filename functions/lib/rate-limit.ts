import { getConnInfo } from '@hono/node-server/conninfo';
import { lt, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { rateLimitsTable } from '#db/schema';
import type { AppEnv } from './app-env';
import { db } from './db';
import { env } from './env';
import { tooMany } from './errors';

export interface RateLimit {
  /** Requests allowed per window and subject. */
  limit: number;
  windowSeconds: number;
  /** Spanish 429 message. */
  message: string;
}

/**
 * Abuse limits (docs/security.md). Mutable on purpose: tests lower them to reach 429 quickly.
 * Fixed windows: a burst at a window's edge may pass up to twice the limit, acceptable here.
 */
export const rateLimits = {
  comment: {
    limit: 10,
    windowSeconds: 600,
    message: 'Has publicado demasiados comentarios en poco tiempo. Espera unos minutos e inténtalo de nuevo.',
  },
  vote: {
    limit: 60,
    windowSeconds: 60,
    message: 'Has enviado demasiados votos en poco tiempo. Espera un momento e inténtalo de nuevo.',
  },
  report: { limit: 10, windowSeconds: 3600, message: 'Has enviado demasiados reportes. Inténtalo de nuevo más tarde.' },
  newsletter: {
    limit: 5,
    windowSeconds: 3600,
    message: 'Demasiados intentos de suscripción. Inténtalo de nuevo más tarde.',
  },
  contact: { limit: 5, windowSeconds: 3600, message: 'Has enviado demasiados mensajes. Inténtalo de nuevo más tarde.' },
  upload: {
    limit: 30,
    windowSeconds: 3600,
    message: 'Has subido demasiadas imágenes en poco tiempo. Inténtalo de nuevo más tarde.',
  },
  /** A person's own settings and lists: alerts, follows, push devices, preferences, feed token, timetables, favourites. */
  settings: {
    limit: 300,
    windowSeconds: 600,
    message: 'Has hecho demasiados cambios en poco tiempo. Espera unos minutos e inténtalo de nuevo.',
  },
  /** GET /api/users/me/export reads every table of the account: heavy. */
  export: {
    limit: 10,
    windowSeconds: 3600,
    message: 'Has descargado tus datos demasiadas veces. Inténtalo de nuevo más tarde.',
  },
  propose: {
    limit: 5,
    windowSeconds: 3600,
    message: 'Has propuesto demasiados festivales en poco tiempo. Inténtalo de nuevo más tarde.',
  },
  // Each correction lands in an admin's queue.
  factCorrection: {
    limit: 20,
    windowSeconds: 3600,
    message: 'Has propuesto demasiadas correcciones en poco tiempo. Inténtalo de nuevo en una hora.',
  },
  // Each claim by email mails a code to an address the person typed: few an hour.
  claim: {
    limit: 5,
    windowSeconds: 3600,
    message: 'Has pedido demasiadas verificaciones en poco tiempo. Inténtalo de nuevo en una hora.',
  },
  // A website check fetches two pages of another site.
  claimVerify: {
    limit: 20,
    windowSeconds: 3600,
    message: 'Demasiadas comprobaciones en poco tiempo. Espera unos minutos e inténtalo de nuevo.',
  },
  organizerEdit: {
    limit: 300,
    windowSeconds: 3600,
    message: 'Has guardado demasiados cambios en poco tiempo. Espera unos minutos e inténtalo de nuevo.',
  },
  festivalUpdate: {
    limit: 10,
    windowSeconds: 3600,
    message: 'Has publicado demasiadas novedades en poco tiempo. Inténtalo de nuevo más tarde.',
  },
  // Each import preview fetches a page of another site (up to 2 MB).
  importPreview: {
    limit: 60,
    windowSeconds: 3600,
    message: 'Has leído demasiadas páginas en poco tiempo. Espera unos minutos e inténtalo de nuevo.',
  },
  // On the day an organiser may move many sets, each told to everyone who picked it.
  liveChange: {
    limit: 120,
    windowSeconds: 3600,
    message: 'Demasiados cambios de horario en poco tiempo. Espera unos minutos e inténtalo de nuevo.',
  },
  // An invitation is a secret in a link: few tries an hour, so tokens cannot be guessed by trying.
  planJoin: {
    limit: 30,
    windowSeconds: 3600,
    message: 'Has intentado unirte a demasiados planes en poco tiempo. Inténtalo de nuevo más tarde.',
  },
} satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof rateLimits;

/** Old windows are swept now and then by whichever request opens a new one. */
const SWEEP_PROBABILITY = 0.01;
const SWEEP_AFTER_MS = 24 * 3600 * 1000;

/**
 * The caller's address, the key of anonymous rate limits. Never a header the caller can set:
 * - on Lambda, CloudFront-Viewer-Address, which CloudFront writes itself (the Router's origin
 *   request policy forwards it), else the function URL's source address;
 * - on the local server, the socket's address, or with TRUSTED_PROXIES=n the n-th
 *   X-Forwarded-For hop from the right: the one the outermost trusted proxy appended.
 */
export function clientAddress(c: Context): string {
  const config = env();
  if (config.onLambda) {
    return viewerAddress(c.req.header('CloudFront-Viewer-Address')) ?? lambdaSourceIp(c) ?? 'unknown';
  }
  const socket = socketAddress(c);
  if (config.TRUSTED_PROXIES === 0) return socket;
  return forwardedHop(c.req.header('X-Forwarded-For'), config.TRUSTED_PROXIES) ?? socket;
}

/**
 * The hop `trusted` places from the right of an X-Forwarded-For list (each proxy appends the
 * address it received the request from). Null when the list is shorter: the request did not
 * come through every trusted proxy, so no entry in it can be trusted.
 */
export function forwardedHop(header: string | undefined, trusted: number): string | null {
  if (!header || trusted < 1) return null;
  const hops = header.split(',').map((hop) => hop.trim());
  const hop = hops.length >= trusted ? hops[hops.length - trusted] : '';
  return hop ? hop.slice(0, 64) : null;
}

/** The address in CloudFront-Viewer-Address ("198.51.100.7:46532", "2001:db8::1:46532"): the port dropped. */
export function viewerAddress(header: string | undefined): string | null {
  const match = header ? /^(.+):\d+$/.exec(header.trim()) : null;
  return match ? match[1].slice(0, 64) : null;
}

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // Not running on @hono/node-server (app.request in tests).
    return 'unknown';
  }
}

function lambdaSourceIp(c: Context): string | null {
  const event = (c.env as { event?: { requestContext?: { http?: { sourceIp?: unknown } } } } | undefined)?.event;
  const ip = event?.requestContext?.http?.sourceIp;
  return typeof ip === 'string' && ip ? ip.slice(0, 64) : null;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window closes. */
  retryAfter: number;
}

/**
 * Counts one request for `subject` under `name`. One upsert on a Postgres counter, so the limit
 * holds across Lambda instances.
 */
export async function consumeRateLimit(
  name: RateLimitName,
  subject: string,
  now = Date.now(),
): Promise<RateLimitResult> {
  const rule: RateLimit = rateLimits[name];
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const database = await db();
  const [row] = await database
    .insert(rateLimitsTable)
    .values({ bucket: `${name}:${subject}`, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitsTable.bucket, rateLimitsTable.windowStart],
      set: { count: sql`${rateLimitsTable.count} + 1` },
    })
    .returning({ count: rateLimitsTable.count });
  if (row.count === 1 && Math.random() < SWEEP_PROBABILITY) {
    await database.delete(rateLimitsTable).where(lt(rateLimitsTable.windowStart, new Date(now - SWEEP_AFTER_MS)));
  }
  return { allowed: row.count <= rule.limit, retryAfter: Math.ceil((windowStart.getTime() + windowMs - now) / 1000) };
}

/** Middleware answering 429 past the limit: per signed-in user when auth ran before it, else per client address. */
export function rateLimit(name: RateLimitName): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get('user');
    const subject = user ? `user:${user.id}` : `addr:${clientAddress(c)}`;
    const result = await consumeRateLimit(name, subject);
    if (!result.allowed) {
      c.header('Retry-After', String(result.retryAfter));
      throw tooMany(rateLimits[name].message);
    }
    await next();
  };
}

/** The same limit for an app's writes only (its reads are not limited): for apps that authenticate every route first. */
export function rateLimitWrites(name: RateLimitName): MiddlewareHandler<AppEnv> {
  const limit = rateLimit(name);
  return (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limit(c, next));
}
