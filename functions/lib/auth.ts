import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { createRemoteJWKSet, JWTPayload } from 'jose';
import { asOneLine } from '#core/text-input';
import type { AppEnv, AuthUser } from './app-env';
import { db } from './db';
import { env } from './env';
import { forbidden, isDatabaseUnavailable, unauthorized } from './errors';
import { loadSessionUser, raiseSessionVersion, revokeSession } from './domain/users/sessions';

/** What a valid session token says (sessions carry a version so they can be revoked). */
export interface SessionClaims {
  userId: number;
  /** One per sign-in, kept when the token is renewed: 'Cerrar sesión' revokes it. */
  sessionId: string;
  /** users.session_version when issued: raising it ends every session of the user. */
  version: number;
  /** Unix seconds: when this token was issued, when it expires, when the user signed in. */
  issuedAt: number;
  expiresAt: number;
  authTime: number;
}

const SESSION_ISSUER = 'festivales';
/** Short-lived, so an idle day ends a session; the web renews it while the user is active (renewedSessionToken). */
export const SESSION_TTL_SECONDS = 24 * 3600;
/** Renewals stop this long after the sign-in: then the user signs in with Google again. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
const SESSION_ID = /^[0-9a-f-]{36}$/;

let sessionKey: { secret: string; key: Promise<CryptoKey> } | undefined;

/**
 * jose (14 KB of the bundle) on the first token signed or checked: every function imports this
 * module, and the anonymous reads that most requests are never touch a token.
 */
const jose = () => import('jose');

/** The HMAC key, imported once per secret (importing it on every request costs about a millisecond). */
function secretKey(): Promise<CryptoKey> {
  const secret = env().SESSION_SECRET;
  if (sessionKey?.secret !== secret) {
    const key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    sessionKey = { secret, key };
  }
  return sessionKey.key;
}

/** A session token for the user at their current session version: a new session, or a renewal of `session`. */
export async function signSession(
  user: { id: number; sessionVersion: number },
  session: { sessionId: string; authTime: number } = {
    sessionId: randomUUID(),
    authTime: Math.floor(Date.now() / 1000),
  },
): Promise<string> {
  const { SignJWT } = await jose();
  return new SignJWT({ sid: session.sessionId, sv: user.sessionVersion, auth_time: session.authTime })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setIssuer(SESSION_ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${SESSION_TTL_SECONDS}s`)
    .sign(await secretKey());
}

/** The claims of a validly signed, unexpired session token, or null for anything forged, expired or malformed. */
export async function verifySession(token: string): Promise<SessionClaims | null> {
  const { jwtVerify } = await jose();
  try {
    const { payload } = await jwtVerify(token, await secretKey(), { issuer: SESSION_ISSUER, algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    const { sid, sv, iat, exp, auth_time: authTime } = payload;
    // Tokens from before session versions (no sid/sv) are refused: their holders sign in again once.
    if (!Number.isSafeInteger(userId) || userId <= 0 || typeof sid !== 'string' || !SESSION_ID.test(sid)) return null;
    if (!Number.isSafeInteger(sv) || typeof iat !== 'number' || typeof exp !== 'number' || typeof authTime !== 'number')
      return null;
    return { userId, sessionId: sid, version: sv as number, issuedAt: iat, expiresAt: exp, authTime };
  } catch {
    return null;
  }
}

let jwks: { url: string; set: ReturnType<typeof createRemoteJWKSet> } | undefined;

export interface GoogleIdentity {
  sub: string;
  email: string;
  /** Only a verified address may grant anything (ADMIN_EMAILS). */
  emailVerified: boolean;
  name: string;
  picture: string | null;
}

/** Verifies a Google ID token: signature against the JWKS, issuer, audience and expiry. */
export async function verifyGoogleIdToken(credential: string): Promise<GoogleIdentity> {
  const config = env();
  if (!config.GOOGLE_CLIENT_ID) {
    throw unauthorized('El inicio de sesión con Google no está configurado en este servidor.', 'google_not_configured');
  }
  const { createRemoteJWKSet, errors: joseErrors, jwtVerify } = await jose();
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
    if (error instanceof joseErrors.JWTExpired)
      throw unauthorized('La credencial de Google ha caducado.', 'credential_expired');
    throw unauthorized('La credencial de Google no es válida.', 'invalid_credential');
  }
  const email = typeof payload.email === 'string' ? payload.email.trim() : '';
  if (!payload.sub) throw unauthorized('La credencial de Google no es válida.', 'invalid_credential');
  // Google says whether it verified the address; a token that does not say so is not proof of it.
  if (!email || payload.email_verified !== true) {
    throw unauthorized('La cuenta de Google no tiene un correo verificado.', 'email_not_verified');
  }
  const name = typeof payload.name === 'string' && payload.name.trim() ? asOneLine(payload.name) : email.split('@')[0];
  return {
    sub: payload.sub,
    email,
    emailVerified: true,
    name: name.slice(0, 200),
    picture: typeof payload.picture === 'string' ? payload.picture : null,
  };
}

function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match ? match[1].trim() : null;
}

// The session behind each request's user object, for logout and renewal (requests hold it, not this module).
const sessions = new WeakMap<AuthUser, SessionClaims>();

async function resolveUser(header: string | undefined): Promise<AuthUser | null | 'invalid'> {
  const token = bearerToken(header);
  if (!token) return null;
  const claims = await verifySession(token);
  if (!claims) return 'invalid';
  const user = await loadSessionUser(await db(), claims);
  if (!user) return 'invalid';
  sessions.set(user, claims);
  return user;
}

/**
 * Sets `user` when a valid Bearer token is sent; anonymous otherwise (a bad token counts as none).
 * Without the database the caller is served as anonymous, which only narrows what they see: public
 * reads such as a festival from the last good catalogue keep working during an outage (decision 022).
 */
export const optionalAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  let user: Awaited<ReturnType<typeof resolveUser>>;
  try {
    user = await resolveUser(c.req.header('Authorization'));
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    user = null;
  }
  c.set('user', user === 'invalid' ? null : user);
  await next();
};

export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = await resolveUser(c.req.header('Authorization'));
  if (!user) throw unauthorized();
  if (user === 'invalid')
    throw unauthorized('Tu sesión no es válida o ha caducado. Vuelve a iniciar sesión.', 'invalid_token');
  c.set('user', user);
  await next();
};

/** Role comes from the database on every request, so revoking admin takes effect at once. */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireAuth(c, async () => {
    if (c.get('user')?.role !== 'admin')
      throw forbidden('Solo los administradores pueden realizar esta acción.', 'admin_only');
    await next();
  });
};

/** The signed-in user inside a handler behind requireAuth/requireAdmin. */
export function currentUser(c: { get(key: 'user'): AuthUser | null }): AuthUser {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}

/** The session of the signed-in user inside a handler behind requireAuth. */
export function currentSession(c: Context<AppEnv>): SessionClaims {
  const claims = sessions.get(currentUser(c));
  if (!claims) throw unauthorized();
  return claims;
}

/**
 * A fresh token for the same session once the current one is past half its life, else null: an
 * active user (the web checks the profile every 30 s) never meets the short lifetime.
 */
export async function renewedSessionToken(c: Context<AppEnv>, now = Date.now()): Promise<string | null> {
  const claims = currentSession(c);
  const seconds = now / 1000;
  if (seconds - claims.issuedAt < SESSION_TTL_SECONDS / 2 || seconds - claims.authTime > SESSION_MAX_AGE_SECONDS)
    return null;
  return signSession({ id: claims.userId, sessionVersion: claims.version }, claims);
}

/** 'Cerrar sesión': this session's tokens stop working; the user's other devices stay signed in. */
export async function endSession(claims: SessionClaims): Promise<void> {
  // Every token of the session (renewals included) expires within one lifetime from now.
  await revokeSession(await db(), claims, new Date(Date.now() + SESSION_TTL_SECONDS * 1000));
}

/** 'Cerrar sesión en todos los dispositivos': raising the version invalidates every token of the user. */
export async function endAllSessions(userId: number): Promise<void> {
  await raiseSessionVersion(await db(), userId);
}
