import { webEnv } from '../config/env';
import { readStorage, storageKeys } from './storage';
import type { ApiErrorBody } from '#core/response-schemas';

/** A failed API call: `message` is the server's Spanish text, ready for a toast. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: unknown;

  constructor(status: number, body: Partial<ApiErrorBody> | undefined, fallback: string) {
    super(body?.error || fallback);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code ?? 'http_error';
    this.details = body?.details;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Error de red o servidor.';

export const OFFLINE_ACTION_MESSAGE =
  'Sin conexión: esta acción necesita internet. Inténtalo de nuevo cuando vuelvas a tener conexión.';

export const UNAUTHORIZED_EVENT = 'festivales:unauthorized';

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  /** JSON-serialised unless it is FormData or a Blob. */
  body?: unknown;
  /** Send the stored token (default true when one exists). */
  auth?: boolean;
  signal?: AbortSignal;
}

/** The one fetch wrapper: JSON in and out, Bearer token, error bodies turned into ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { body, auth = true, headers, ...init } = options;
  const finalHeaders = new Headers(headers);
  finalHeaders.set('Accept', 'application/json');
  const token = auth ? readStorage(storageKeys.token) : null;
  if (token) finalHeaders.set('Authorization', `Bearer ${token}`);
  let payload: BodyInit | undefined;
  if (body instanceof FormData || body instanceof Blob) {
    payload = body;
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    finalHeaders.set('Content-Type', 'application/json');
  }
  let res: Response;
  try {
    res = await fetch(`${webEnv.apiBase}${path}`, { ...init, headers: finalHeaders, body: payload });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    // Offline, the person learns what is missing rather than a generic failure.
    throw new ApiError(0, undefined, navigator.onLine ? NETWORK_ERROR_MESSAGE : OFFLINE_ACTION_MESSAGE);
  }
  if (res.status === 401 && token) window.dispatchEvent(new CustomEvent(UNAUTHORIZED_EVENT));
  return (await readAnswer(res)) as T;
}

/** A file only a signed-in person may read (an admin's hidden photo), as a Blob; errors as in apiRequest. */
export async function apiBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const token = readStorage(storageKeys.token);
  const res = await fetch(`${webEnv.apiBase}${path}`, {
    signal,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) await readAnswer(res);
  return res.blob();
}

/** An answer's JSON body (undefined when empty or not JSON); a non-OK status throws it as an ApiError. */
export async function readAnswer(res: Response): Promise<unknown> {
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) throw new ApiError(res.status, json as Partial<ApiErrorBody> | undefined, `Error HTTP ${res.status}`);
  return json;
}

/** Media URLs beginning /uploads are served by the API host. */
export function mediaUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  return url.startsWith('/uploads') ? `${webEnv.apiBase}${url}` : url;
}
