import ipaddr from 'ipaddr.js';

/**
 * Which network addresses the server may connect to on a user's behalf. Only ordinary public
 * unicast addresses pass: loopback, private (RFC 1918, unique local), link-local (the cloud
 * metadata service at 169.254.169.254 among them), carrier-grade NAT, multicast, reserved and
 * unspecified ranges are refused, and so are the IPv6 forms that carry an IPv4 address inside
 * (IPv4-mapped, 6to4, Teredo, NAT64), which would otherwise smuggle 127.0.0.1 past the check.
 * ipaddr.js names the range of an address from the IANA registries; anything it does not call
 * 'unicast' is refused.
 */
export function isPublicAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return false;
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    // ::ffff:a.b.c.d is a.b.c.d to the kernel: judged as that address (and so refused when it is private).
    if (v6.isIPv4MappedAddress()) return isPublicAddress(v6.toIPv4Address().toString());
  }
  return parsed.range() === 'unicast';
}

/** The host as a URL names it, without IPv6 brackets. */
export const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();

/** Whether `hostname` is an IP address written out (no DNS lookup needed, or possible). */
export const isIpLiteral = (hostname: string) => ipaddr.isValid(bareHost(hostname));
