import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { Parser } from 'htmlparser2';
import { getDomain } from 'tldts';
import { env } from '../../env';
import { AppError, unprocessable } from '../../errors';
import { safeFetch, SafeFetchError } from '../../safe-fetch/safe-fetch';
import { FILE_PATH, META_NAME } from './claim-records';

/**
 * The two proofs that a person speaks for a festival: a code mailed to an address at the official
 * website's registrable domain (tldts reads the public suffix list: prensa@sonar.es for
 * https://www.sonar.es/), or a token the website publishes, read through the safe fetcher.
 */

export const CODE_TTL_MINUTES = 15;
export const CODE_TRIES = 5;
/** A verification page is small: past this it is not read. */
const PROOF_MAX_BYTES = 1024 * 1024;

/** A random token: what the website publishes (and, for an email claim, the salt of its code). */
export const newToken = () => randomBytes(18).toString('base64url');

export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** The code is kept as an HMAC under the server's secret, salted with the claim's token. */
export const hashCode = (token: string, code: string) =>
  createHmac('sha256', env().SESSION_SECRET).update(`claim-code:${token}:${code}`).digest('hex');

export function codeMatches(token: string, code: string, hash: string): boolean {
  const a = Buffer.from(hashCode(token, code), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The registrable domain of a website address (sonar.es for https://www.sonar.es/en/), null for none. */
export function websiteDomain(website: string | null): string | null {
  if (!website) return null;
  try {
    return getDomain(new URL(website).hostname) ?? null;
  } catch {
    return null;
  }
}

/** Whether an address is at the website's registrable domain (or one of its subdomains). */
export function emailAtDomain(email: string, domain: string): boolean {
  const host = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return getDomain(host) === domain;
}

/** The verification tag's content on an HTML page, if it has one. */
export function metaToken(html: string): string | null {
  let found: string | null = null;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (found === null && name === 'meta' && attributes.name?.toLowerCase() === META_NAME)
        found = (attributes.content ?? '').trim();
    },
  });
  parser.write(html);
  parser.end();
  return found;
}

const sameToken = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Whether a page that answered (after redirects) is still the festival's own site, not one it sends visitors to. */
function onWebsite(url: string, website: string): boolean {
  const a = new URL(url).hostname;
  const b = new URL(website).hostname;
  return a === b || (getDomain(a) !== null && getDomain(a) === getDomain(b));
}

/** A refused fetch as the claim's answer: a bad address stays a 400; anything else is a 422 with the reason. */
const asClaimError = (error: SafeFetchError) =>
  error.status === 400 ? error : new AppError('unprocessable', error.code, error.message);

/**
 * Looks for `token` on the website: the file first, then the tag on the home page. Returns where it
 * was found; throws a 400/422 saying why not. Runs outside any transaction (two fetches of up to 10 s).
 */
export async function findWebsiteToken(website: string, token: string): Promise<string> {
  const origin = new URL(website).origin;
  const file = `${origin}${FILE_PATH}`;
  const home = `${origin}/`;
  let firstRefusal: SafeFetchError | undefined;
  try {
    const answer = await safeFetch(file, { maxBytes: PROOF_MAX_BYTES, accept: ['text/plain'] });
    if (
      onWebsite(answer.url, website) &&
      answer
        .text()
        .split(/\s+/)
        .some((word) => word && sameToken(word, token))
    )
      return answer.url;
  } catch (error) {
    if (!(error instanceof SafeFetchError)) throw error;
    if (error.code !== 'fetch_status' && error.code !== 'fetch_type') firstRefusal = error;
  }
  if (firstRefusal?.status === 400 || firstRefusal?.code === 'fetch_refused_address') throw asClaimError(firstRefusal);
  try {
    const answer = await safeFetch(home, { maxBytes: PROOF_MAX_BYTES, accept: ['text/html', 'application/xhtml+xml'] });
    const published = metaToken(answer.text());
    if (published !== null && onWebsite(answer.url, website) && sameToken(published, token)) return answer.url;
  } catch (error) {
    if (!(error instanceof SafeFetchError)) throw error;
    throw asClaimError(error);
  }
  throw unprocessable(
    `No encontramos el token ni en la etiqueta <meta name="${META_NAME}"> de ${home} ni en ${file}. ` +
      'Publícalo y vuelve a comprobarlo.',
    'token_not_found',
  );
}
