import { eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { usersTable } from '../../db/schema';
import type { UserRole } from '../../core/types';
import type { AppEnv } from './app';
import { db } from './db';
import { env } from './env';
import { forbidden, unauthorized } from './errors';

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  avatar_url: string | null;
  role: UserRole;
}

const SESSION_ISSUER = 'festivales';
const SESSION_TTL = '7d';
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

let sessionKey: { secret: string; key: Promise<CryptoKey> } | undefined;

/** The HMAC key, imported once per secret (importing it on every request costs about a millisecond). */
function secretKey(): Promise<CryptoKey> {
  const secret = env().SESSION_SECRET;
  if (sessionKey?.secret !== secret) {
    const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    sessionKey = { secret, key };
  }
  return sessionKey.key;
}

export async function signSession(user: Pick<AuthUser, 'id'>): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setIssuer(SESSION_ISSUER)
    .setIssuedAt()
    .setExpirationTime(SESSION_TTL)
    .sign(await secretKey());
}

/** The user id inside a valid session token, or null for anything forged, expired or malformed. */
export async function verifySession(token: string): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, await secretKey(), { issuer: SESSION_ISSUER, algorithms: ['HS256'] });
    const id = Number(payload.sub);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

let jwks: { url: string; set: ReturnType<typeof createRemoteJWKSet> } | undefined;

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
  picture: string | null;
}

/** Verifies a Google ID token: signature against the JWKS, issuer, audience and expiry (DESIGN.md "Auth"). */
export async function verifyGoogleIdToken(credential: string): Promise<GoogleIdentity> {
  const config = env();
  if (!config.GOOGLE_CLIENT_ID) {
    throw unauthorized('El inicio de sesión con Google no está configurado en este servidor.', 'google_not_configured');
  }
  if (!jwks || jwks.url !== config.GOOGLE_JWKS_URL) {
    jwks = { url: config.GOOGLE_JWKS_URL, set: createRemoteJWKSet(new URL(config.GOOGLE_JWKS_URL)) };
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(credential, jwks.set, {
      issuer: GOOGLE_ISSUERS,
      audience: config.GOOGLE_CLIENT_ID,
      algorithms: ['RS256'],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw unauthorized('La credencial de Google ha caducado.', 'credential_expired');
    throw unauthorized('La credencial de Google no es válida.', 'invalid_credential');
  }
  const email = typeof payload.email === 'string' ? payload.email : '';
  if (!payload.sub || !email || payload.email_verified === false) {
    throw unauthorized('La cuenta de Google no tiene un correo verificado.', 'email_not_verified');
  }
  const name = typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : email.split('@')[0];
  return {
    sub: payload.sub,
    email,
    name: name.slice(0, 200),
    picture: typeof payload.picture === 'string' ? payload.picture : null,
  };
}

function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match ? match[1].trim() : null;
}

async function loadUser(id: number): Promise<AuthUser | null> {
  const [row] = await (await db())
    .select({
      id: usersTable.id,
      name: usersTable.name,
      email: usersTable.email,
      avatar_url: usersTable.avatarUrl,
      role: usersTable.role,
    })
    .from(usersTable)
    .where(eq(usersTable.id, id))
    .limit(1);
  return row ?? null;
}

async function resolveUser(header: string | undefined): Promise<AuthUser | null | 'invalid'> {
  const token = bearerToken(header);
  if (!token) return null;
  const id = await verifySession(token);
  if (!id) return 'invalid';
  return (await loadUser(id)) ?? 'invalid';
}

/** Sets `user` when a valid Bearer token is sent; anonymous otherwise (a bad token counts as none). */
export const optionalAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = await resolveUser(c.req.header('Authorization'));
  c.set('user', user === 'invalid' ? null : user);
  await next();
};

export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = await resolveUser(c.req.header('Authorization'));
  if (!user) throw unauthorized();
  if (user === 'invalid') throw unauthorized('Tu sesión no es válida o ha caducado. Vuelve a iniciar sesión.', 'invalid_token');
  c.set('user', user);
  await next();
};

/** Role comes from the database on every request, so revoking admin takes effect at once. */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireAuth(c, async () => {
    if (c.get('user')?.role !== 'admin') throw forbidden('Solo los administradores pueden realizar esta acción.', 'admin_only');
    await next();
  });
};

/** The signed-in user inside a handler behind requireAuth/requireAdmin. */
export function currentUser(c: { get(key: 'user'): AuthUser | null }): AuthUser {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}
