import { EMBED_ORIGINS } from '#core/artist-embeds';
import { MAP_TILE_URL } from '#core/map';

/**
 * The security headers of every response, as data: the local server and each function apply them
 * through Hono's secureHeaders (functions/lib/security-headers.ts), and the CloudFront Router sends
 * the same values from its response headers policy (infra/security-headers.ts). No I/O and no SST
 * globals, so infra/ and the tests import it. What each header protects: docs/security.md "Headers".
 */

/** Google Identity Services, as Google documents it for sites with a CSP. */
export const GOOGLE_SIGN_IN = {
  script: 'https://accounts.google.com/gsi/client',
  style: 'https://accounts.google.com/gsi/style',
  frame: 'https://accounts.google.com/gsi/',
  connect: 'https://accounts.google.com/gsi/',
} as const;

export const MAP_TILE_ORIGIN = new URL(MAP_TILE_URL).origin;

export interface PolicyOptions {
  /**
   * Origins other than the site's that the browser talks to for uploads: the S3 endpoint a
   * presigned PUT goes to (and where stored files are read from, when not through the site).
   */
  uploadOrigins?: readonly string[];
  /** Served over HTTPS: HSTS and upgrade-insecure-requests. */
  https: boolean;
  /** Stands in for the players' hosts in frames (the browser tests' loopback player). */
  embedTestOrigin?: string;
}

export type CspDirectives = Record<string, string[]>;

/**
 * Content-Security-Policy, by directive (camelCase keys, as Hono's secureHeaders takes them).
 * Scripts, styles, frames and connections: this site, Google sign-in, the map tiles (connections), the artists' players
 * (frames) and the upload store only; no
 * inline script or style (index.html's boot script is an emitted file, web/vite.config.ts).
 * Images and media come from any https host because admins may point a festival image or a gallery
 * item at a URL of their choice and Google serves avatars; map tiles are among them.
 */
export function cspDirectives({ uploadOrigins = [], https, embedTestOrigin }: PolicyOptions): CspDirectives {
  const uploads = [...new Set(uploadOrigins)];
  // A plain-http upload store (a local S3 test server) is not covered by "https:".
  const plainUploads = uploads.filter((origin) => origin.startsWith('http:'));
  const directives: CspDirectives = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", GOOGLE_SIGN_IN.script],
    styleSrc: ["'self'", GOOGLE_SIGN_IN.style],
    imgSrc: ["'self'", 'data:', 'blob:', MAP_TILE_ORIGIN, 'https:', ...plainUploads],
    mediaSrc: ["'self'", 'blob:', 'https:', ...plainUploads],
    fontSrc: ["'self'", 'data:'],
    // The map tiles: the service worker fetches them to keep those already seen (web/src/sw).
    connectSrc: ["'self'", GOOGLE_SIGN_IN.connect, MAP_TILE_ORIGIN, ...uploads],
    // Google's sign-in and the artists' players ('Escuchar', loaded only when asked for).
    frameSrc: [GOOGLE_SIGN_IN.frame, ...Object.values(EMBED_ORIGINS), ...(embedTestOrigin ? [embedTestOrigin] : [])],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
  if (https) directives.upgradeInsecureRequests = [];
  return directives;
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The header value: "default-src 'self'; script-src ...", as Hono's secureHeaders writes it. */
export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => [kebab(name), ...values].join(' '))
    .join('; ');
}

/**
 * Browser features this site may use. Geolocation for this page only (a "near me" filter); the
 * lightbox's fullscreen and video autoplay keep their defaults; everything that reaches hardware,
 * payments or interest tracking is off, for us and for any frame.
 */
export const PERMISSIONS_POLICY: Record<string, string[]> = {
  geolocation: ['self'],
  fullscreen: ['self'],
  camera: [],
  microphone: [],
  payment: [],
  usb: [],
  serial: [],
  hid: [],
  midi: [],
  accelerometer: [],
  gyroscope: [],
  magnetometer: [],
  displayCapture: [],
  screenWakeLock: [],
  xrSpatialTracking: [],
  browsingTopics: [],
};

export function serializePermissionsPolicy(policy: Record<string, string[]>): string {
  return Object.entries(policy)
    .map(([name, allow]) => `${kebab(name)}=(${allow.join(' ')})`)
    .join(', ');
}

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** Two years, subdomains included (OWASP ASVS 14.4.5); only ever sent over HTTPS. */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;
export const STRICT_TRANSPORT_SECURITY = `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`;
/** Google's sign-in pop-up must be able to answer its opener (Google's COOP guidance). */
export const CROSS_ORIGIN_OPENER_POLICY = 'same-origin-allow-popups';

/** Every security header and its value, for one deployment: what tests and CloudFront compare. */
export function securityHeaderValues(options: PolicyOptions): Record<string, string> {
  return {
    'Content-Security-Policy': serializeCsp(cspDirectives(options)),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': REFERRER_POLICY,
    'Permissions-Policy': serializePermissionsPolicy(PERMISSIONS_POLICY),
    'Cross-Origin-Opener-Policy': CROSS_ORIGIN_OPENER_POLICY,
    'Cross-Origin-Resource-Policy': 'same-origin',
    ...(options.https ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}

/**
 * Where a browser sends a presigned upload: path-style on a configured S3-compatible endpoint,
 * otherwise AWS's virtual-hosted bucket host (as functions/lib/storage/s3-storage.ts signs it).
 */
export function s3UploadOrigin({
  bucket,
  region,
  endpoint,
}: {
  bucket: string;
  region: string;
  endpoint?: string;
}): string {
  return endpoint ? new URL(endpoint).origin : `https://${bucket}.s3.${region}.amazonaws.com`;
}
