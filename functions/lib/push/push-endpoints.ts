import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { env } from '../env';

/**
 * Whether a subscription's endpoint belongs to a push service we deliver to: https on the default
 * port at a host of PUSH_SERVICE_HOSTS (the browsers' push services), or a named server of
 * PUSH_ALLOW_HOSTS (tests). Checked by name only, with no DNS, so subscribing works wherever the
 * server runs; the address is checked when sending (pushTarget).
 */
export function pushEndpointAllowed(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const config = env();
  if (config.PUSH_ALLOW_HOSTS.includes(url.host)) return true;
  // URL drops the default port, so an explicit ':443' reads as none too.
  if (url.port !== '') return false;
  const host = url.hostname;
  return config.PUSH_SERVICE_HOSTS.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry,
  );
}

/** A passing reason the endpoint cannot be reached now (the row is retried). */
export class PushTargetError extends Error {}

export interface PushTarget {
  address: string;
  family: 4 | 6;
}

/** Public unicast only: not loopback, private, link-local, carrier-grade NAT, multicast, documentation or reserved. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is.
  return ipaddr.process(address).range() === 'unicast';
}

/**
 * The address to connect to for an allowed endpoint, resolved now: every address the name has must
 * be public (a push service's host that resolves to this machine or its network is refused), and
 * the connection then goes to the address checked, not to a second lookup. Named test servers are
 * taken as they resolve.
 */
export async function pushTarget(endpoint: string, signal: AbortSignal): Promise<PushTarget> {
  const url = new URL(endpoint);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const named = env().PUSH_ALLOW_HOSTS.includes(url.host);
  const resolving = lookup(host, { all: true, verbatim: true });
  const addresses = await new Promise<{ address: string; family: number }[]>((resolve, reject) => {
    const abort = () => reject(signal.reason ?? new PushTargetError('Envío interrumpido.'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    resolving.then(resolve, (error: Error) =>
      reject(new PushTargetError(`No se pudo resolver ${host}: ${error.message}`)),
    );
  });
  if (addresses.length === 0) throw new PushTargetError(`${host} no tiene dirección.`);
  if (!named && !addresses.every((a) => isPublicAddress(a.address)))
    throw new PushTargetError(`${host} resuelve a una dirección que no es pública: no se envía.`);
  return { address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 };
}
