import type { Database } from '#db/client';
import { createApiRoot } from '../../functions/server/api-apps';
import { TEST_ADMIN_EMAIL, testContext } from './context';
import { checkAgainstOpenApi } from './openapi-check';

const apiRoot = createApiRoot();

/** The composed API itself, for requests whose raw answer matters (encodings, streams). */
export const root = () => apiRoot;

export interface RequestOptions {
  token?: string;
  /** Sent as JSON unless it is a string, FormData or Uint8Array. */
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * Calls the API exactly as the local server routes it (every function app composed), and checks the
 * answer against the OpenAPI document: every response of the API suite is one the document describes.
 */
export async function api(method: string, path: string, options: RequestOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || typeof options.body === 'string' || options.body instanceof Uint8Array) {
    body = options.body as BodyInit;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const res = await apiRoot.request(path, { method, headers, body });
  const text = await res.text();
  let json: any = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  await checkAgainstOpenApi(method, path, res.status, res.headers.get('content-type'), json);
  return { status: res.status, headers: res.headers, json, text };
}

export function db(): Database {
  return testContext().handle.db;
}

let counter = 0;

export interface SignedIn {
  token: string;
  user: { id: number; name: string; email: string; role: 'user' | 'admin'; avatar_url: string | null };
}

/** Signs in through POST /api/users/auth/google with an ID token minted by the test key set. */
export async function signIn(
  email = `user${++counter}-${Date.now()}@festivales.test`,
  name = 'Usuaria de Prueba',
): Promise<SignedIn> {
  const credential = await testContext().jwks.mintIdToken({ sub: `sub-${email}`, email, name });
  const res = await api('POST', '/api/users/auth/google', { body: { credential } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  const { token, ...user } = res.json;
  return { token, user };
}

export function signInAdmin(): Promise<SignedIn> {
  return signIn(TEST_ADMIN_EMAIL, 'Admin de Prueba');
}
