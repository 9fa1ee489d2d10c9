import { lookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import zlib from 'node:zlib';
import { AppError, type ErrorKind } from '../errors';
import { env } from '../env';
import { bareHost, isIpLiteral, isPublicAddress } from './address-policy';

/**
 * The one way the server fetches an address a person chose (a festival website's verification
 * tag, an import, a watched source). Every hop is checked before any byte is sent to it: http or
 * https only, no credentials in the address, ports 80 and 443 only, and the host's addresses,
 * once resolved, must all be public (address-policy.ts). The connection then goes to the address
 * that was checked, never to a second DNS answer (no rebinding between check and connect).
 * Redirects are followed by hand, each one checked the same way, at most `maxRedirects`. One
 * deadline covers the whole request: lookups, connects, redirects and the body. The body is read
 * as it streams and cut at `maxBytes` (after decompression). `IMPORT_ALLOW_HOSTS` names host:port
 * pairs exempt from the address and port checks (test servers on loopback). Failures are
 * AppErrors with a Spanish message that says why, never what an internal address answered.
 */

export interface SafeFetchOptions {
  /** Largest body read, in bytes (decompressed). */
  maxBytes?: number;
  /** Deadline of the whole request, redirects included, in milliseconds. */
  timeoutMs?: number;
  maxRedirects?: number;
  /** Media types accepted ('text/html'); any other answer is refused before its body is read. */
  accept?: readonly string[];
  /** Extra request headers (If-None-Match, If-Modified-Since). */
  headers?: Record<string, string>;
}

export interface SafeFetchResult {
  /** The address that answered, after redirects. */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  /** The media type, lower case, without parameters; null when none was sent. */
  contentType: string | null;
  body: Buffer;
  text(): string;
}

export const SAFE_FETCH_DEFAULTS = { maxBytes: 1024 * 1024, timeoutMs: 10_000, maxRedirects: 3 } as const;

/** A refused or failed fetch; `reason` is the machine code also sent as the error's `code`. */
export class SafeFetchError extends AppError {
  constructor(kind: ErrorKind, code: string, message: string) {
    super(kind, code, message);
    this.name = 'SafeFetchError';
  }
}

const fail = (kind: ErrorKind, code: string, message: string) => new SafeFetchError(kind, code, message);

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** How we introduce ourselves to the sites we read (they may want to know who asks, and why). */
function userAgent(): string {
  const site = env().PUBLIC_BASE_URL;
  return `FestivalesBot/1.0 (+${site ?? 'https://festivales.localhost'}; comprobaciones de organizadores e importaciones)`;
}

function parseTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw fail('invalid', 'fetch_invalid_url', 'La dirección no es válida: escribe una URL completa (https://...).');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw fail('invalid', 'fetch_scheme', 'Solo se pueden consultar direcciones http o https.');
  if (url.username || url.password)
    throw fail('invalid', 'fetch_credentials', 'La dirección no puede llevar usuario ni contraseña.');
  return url;
}

const portOf = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

interface Pinned {
  address: string;
  family: 4 | 6;
}

/** The address to connect to for `url`, after every check; the DNS answer is read once, here. */
async function resolveTarget(url: URL): Promise<Pinned> {
  const port = portOf(url);
  const allowed = env().IMPORT_ALLOW_HOSTS.includes(`${url.hostname.toLowerCase()}:${port}`);
  if (!allowed && port !== 80 && port !== 443)
    throw fail('invalid', 'fetch_port', 'Solo se pueden consultar direcciones en los puertos 80 (http) y 443 (https).');
  const host = bareHost(url.hostname);
  let addresses: Pinned[];
  if (isIpLiteral(host)) {
    addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })) as Pinned[];
    } catch {
      throw fail('bad_gateway', 'fetch_unreachable', `No se encuentra el sitio ${host}: comprueba la dirección.`);
    }
  }
  if (addresses.length === 0)
    throw fail('bad_gateway', 'fetch_unreachable', `No se encuentra el sitio ${host}: comprueba la dirección.`);
  if (!allowed && addresses.some((a) => !isPublicAddress(a.address)))
    throw fail(
      'unprocessable',
      'fetch_refused_address',
      `${host} apunta a una dirección privada, local o interna: por seguridad no se consulta.`,
    );
  return addresses[0];
}

/** Sends the request to the pinned address (the Host header and TLS name stay the URL's). */
function send(url: URL, pinned: Pinned, options: SafeFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const pin: LookupFunction = (_host, lookupOptions, callback) => {
    const cb = callback as (...args: unknown[]) => void;
    if ((lookupOptions as { all?: boolean }).all) cb(null, [pinned]);
    else cb(null, pinned.address, pinned.family);
  };
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      {
        protocol: url.protocol,
        hostname: bareHost(url.hostname),
        port: portOf(url),
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        lookup: pin,
        agent: false,
        signal,
        headers: {
          'User-Agent': userAgent(),
          Accept: options.accept?.length ? `${options.accept.join(', ')};q=1, */*;q=0.1` : '*/*',
          'Accept-Encoding': 'gzip, deflate, br',
          ...options.headers,
        },
      },
      resolve,
    );
    request.on('error', reject);
    request.end();
  });
}

const decoders: Record<string, () => NodeJS.ReadWriteStream> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

/** The body, counted as it streams (decompressed) and cut at `maxBytes`. */
function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const encoding = String(response.headers['content-encoding'] ?? 'identity').toLowerCase();
  const decoder = decoders[encoding]?.();
  const stream: NodeJS.ReadableStream = decoder ? response.pipe(decoder) : response;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (error: Error) => {
      response.destroy();
      if (decoder) {
        decoder.removeAllListeners('data');
        (decoder as unknown as { destroy(): void }).destroy();
      }
      reject(error);
    };
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes)
        return stop(fail('too_large', 'fetch_too_large', `La página ocupa más de ${megabytes(maxBytes)}: no se lee.`));
      chunks.push(chunk);
    });
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', (error: Error) =>
      stop(
        error instanceof SafeFetchError
          ? error
          : fail('bad_gateway', 'fetch_unreachable', 'El sitio cortó la respuesta antes de terminarla.'),
      ),
    );
    if (decoder) response.on('error', (error: Error) => decoder.emit('error', error));
  });
}

const isRedirect = (status: number) => [301, 302, 303, 307, 308].includes(status);

/** Fetches `raw` with every check above; see the module's description. */
export async function safeFetch(raw: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const { maxBytes, timeoutMs, maxRedirects } = { ...SAFE_FETCH_DEFAULTS, ...options };
  const controller = new AbortController();
  const timeout = fail(
    'bad_gateway',
    'fetch_timeout',
    `El sitio no ha respondido a tiempo (más de ${Math.round(timeoutMs / 1000)} s).`,
  );
  // A DNS lookup cannot be cancelled: the deadline races it instead.
  const expired = new Promise<never>((_resolve, reject) =>
    controller.signal.addEventListener('abort', () => reject(timeout)),
  );
  expired.catch(() => undefined);
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let url = parseTarget(raw);
    for (let hop = 0; ; hop++) {
      const pinned = await Promise.race([resolveTarget(url), expired]);
      const response = await Promise.race([send(url, pinned, options, controller.signal), expired]);
      const location = response.headers.location;
      if (isRedirect(response.statusCode ?? 0) && location) {
        response.resume();
        if (hop >= maxRedirects)
          throw fail(
            'unprocessable',
            'fetch_redirects',
            `El sitio redirige demasiadas veces (más de ${maxRedirects}).`,
          );
        url = parseTarget(new URL(location, url).toString());
        continue;
      }
      const status = response.statusCode ?? 0;
      if (status !== 304 && (status < 200 || status > 299)) {
        response.resume();
        throw status >= 500
          ? fail('bad_gateway', 'fetch_status', `El sitio respondió con un error (${status}).`)
          : fail('unprocessable', 'fetch_status', `El sitio respondió ${status}: la página no está disponible.`);
      }
      const contentType = response.headers['content-type']?.split(';')[0].trim().toLowerCase() || null;
      if (status !== 304 && options.accept?.length && !options.accept.includes(contentType ?? '')) {
        response.resume();
        throw fail(
          'unprocessable',
          'fetch_type',
          `El sitio no devolvió lo esperado (${options.accept.join(' o ')}), sino ${contentType ?? 'un contenido sin tipo'}.`,
        );
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes && !response.headers['content-encoding']) {
        response.destroy();
        throw fail('too_large', 'fetch_too_large', `La página ocupa más de ${megabytes(maxBytes)}: no se lee.`);
      }
      const body = status === 304 ? Buffer.alloc(0) : await Promise.race([readBody(response, maxBytes), expired]);
      return {
        url: url.toString(),
        status,
        headers: response.headers,
        contentType,
        body,
        text: () => body.toString('utf8'),
      };
    }
  } catch (error) {
    if (error instanceof SafeFetchError) throw error;
    if (controller.signal.aborted) throw timeout;
    throw fail('bad_gateway', 'fetch_unreachable', 'No se ha podido conectar con el sitio: inténtalo más tarde.');
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
