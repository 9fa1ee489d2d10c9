import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true'));

const optionalText = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

/** A comma-separated list of host names (lower-case, trimmed, empty entries dropped). */
const hostList = (byDefault: string) =>
  z
    .string()
    .default(byDefault)
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    );

/**
 * Signs sessions on a developer's own machine when SESSION_SECRET is unset, so sessions survive
 * restarts of `npm start`. It is public (it is in this repository): production refuses it.
 */
export const DEVELOPMENT_SESSION_SECRET = 'festivales-local-development-secret-change-me';

const schema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Interface the local server listens on; by default 127.0.0.1 in development, every interface in production. */
    HOST: optionalText,
    DATA_DIR: z.string().min(1).default('.data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Connections the local server's node-postgres pool may open (Lambda keeps the Neon driver's few). */
    DATABASE_POOL_SIZE: z.coerce
      .number({ error: 'DATABASE_POOL_SIZE must be a whole number from 1 to 100' })
      .int('DATABASE_POOL_SIZE must be a whole number from 1 to 100')
      .min(1, 'DATABASE_POOL_SIZE must be a whole number from 1 to 100')
      .max(100, 'DATABASE_POOL_SIZE must be a whole number from 1 to 100')
      .default(20),
    SESSION_SECRET: optionalText.pipe(z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional()),
    /**
     * Sent by the CloudFront Router in the x-origin-verify header. Required by the function-URL handlers
     * (functions/lib/lambda-handler.ts), which refuse every request without it; unused elsewhere.
     */
    ORIGIN_SECRET: optionalText.pipe(z.string().min(32, 'ORIGIN_SECRET must be at least 32 characters').optional()),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    AUTH_DEV_LOGIN: flag,
    /** Reverse proxies in front of the local server that append to X-Forwarded-For (nginx: 1); 0 ignores the header. */
    TRUSTED_PROXIES: z.coerce
      .number({ error: 'TRUSTED_PROXIES must be a whole number (0 without a proxy)' })
      .int('TRUSTED_PROXIES must be a whole number (0 without a proxy)')
      .min(0, 'TRUSTED_PROXIES must be a whole number (0 without a proxy)')
      .max(10, 'TRUSTED_PROXIES must be at most 10')
      .default(0),
    S3_BUCKET: optionalText,
    S3_ENDPOINT: optionalText,
    S3_REGION: z.string().default('eu-west-1'),
    /** Only for S3-compatible stores outside AWS (R2, MinIO, the test server); on AWS the Lambda role signs. */
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    /** Where stored objects are read from (a CDN or the bucket's public URL); by default the bucket's own URL. */
    S3_PUBLIC_URL: z
      .string()
      .optional()
      .transform((v) => (v ? v.replace(/\/+$/, '') : undefined)),
    PUBLIC_BASE_URL: optionalText.pipe(
      z
        .url({
          protocol: /^https?$/,
          error: 'PUBLIC_BASE_URL must be an absolute http(s) URL, e.g. https://festivales.example.com',
        })
        .transform((v) => v.replace(/\/+$/, ''))
        .optional(),
    ),
    /** Outgoing mail through this SMTP server (smtp:// or smtps://, credentials in the URL); without it, SES on Lambda and .eml files under DATA_DIR/mail elsewhere. */
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    /** The sender of every message, e.g. "Festivales <hola@festivales.example.com>" (on AWS an identity verified in SES). */
    MAIL_FROM: optionalText.pipe(
      z
        .string()
        .min(3, 'MAIL_FROM must be an address such as Festivales <hola@example.com>')
        .default('Festivales <no-responder@festivales.localhost>'),
    ),
    /** Messages per second the outbox worker sends at most (the mail provider's rate: SES starts at 1 in its sandbox, 14 out of it). */
    MAIL_PER_SECOND: z.coerce
      .number({ error: 'MAIL_PER_SECOND must be a number of messages per second' })
      .positive('MAIL_PER_SECOND must be above 0')
      .max(1000)
      .default(10),
    /** Web Push (VAPID) key pair, base64url as `web-push generate-vapid-keys` prints it; unset locally: generated once into DATA_DIR/vapid-keys.json. */
    VAPID_PUBLIC_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{80,90}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key')
        .optional(),
    ),
    VAPID_PRIVATE_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{40,45}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key')
        .optional(),
    ),
    /**
     * Hosts whose https endpoints (port 443) a browser's push subscription may name: the push services of
     * Chrome (FCM), Firefox (Mozilla autopush), Safari (Apple) and Edge (Windows). '*.' accepts any subdomain.
     */
    PUSH_SERVICE_HOSTS: hostList(
      'fcm.googleapis.com,android.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.notify.windows.com',
    ),
    /**
     * Named push servers outside that list, as host:port, reached whatever address they have: the
     * loopback push services of tests. Empty everywhere else.
     */
    PUSH_ALLOW_HOSTS: hostList(''),
    /**
     * An origin standing in for every player host ('Escuchar'): the browser tests' loopback player.
     * The artists' players are served from it and the CSP's frame-src names it. Unset everywhere else.
     */
    EMBED_TEST_ORIGIN: z
      .url()
      .transform((v) => new URL(v).origin)
      .optional(),
    /** On AWS, the queue the outbox dispatcher writes to (set by infra/outbox.ts). */
    OUTBOX_QUEUE_URL: optionalText,
    GEOCODER_URL: z.url().default('https://nominatim.openstreetmap.org/search'),
    /** Identifies us to the geocoder (Nominatim's usage policy asks for it); defaults to the product and PUBLIC_BASE_URL. */
    GEOCODER_USER_AGENT: optionalText,
    GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30000).default(5000),
    /**
     * 'on': a place typed in 'Cerca de' that the bundled list of cities does not hold is looked up
     * in the geocoder too (answers cached per process). Off by default: the geocoder's one request
     * a second is coordinated per process only, which a public lookup across many instances could
     * exceed; the bundled cities answer with no network.
     */
    PLACE_GEOCODING: z.enum(['on', 'off'], { error: 'PLACE_GEOCODING must be on or off' }).default('off'),
    /**
     * host:port pairs (comma-separated) the safe fetcher may reach although they are loopback or
     * private, or on another port than 80/443: the test servers and a local setup's own sites.
     * Empty by default: only public addresses on ports 80 and 443.
     */
    IMPORT_ALLOW_HOSTS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((entry) => entry.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z.string().regex(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/, 'IMPORT_ALLOW_HOSTS entries must be host:port'),
        ),
      ),
    /** Set by AWS Lambda itself: selects the Neon serverless driver. */
    AWS_LAMBDA_FUNCTION_NAME: z.string().optional(),
    /** pino level of the JSON logs; by default info, and error under tests so their output stays readable. */
    LOG_LEVEL: z
      .enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'], {
        error: 'LOG_LEVEL must be trace, debug, info, warn, error, fatal or silent',
      })
      .optional(),
    NODE_ENV: z
      .enum(['development', 'test', 'production'], { error: 'NODE_ENV must be development, test or production' })
      .default('development'),
  })
  .superRefine((env, ctx) => {
    // Fail closed: anything deployed is production, whatever NODE_ENV says.
    if (env.NODE_ENV !== 'production' && !env.AWS_LAMBDA_FUNCTION_NAME) return;
    const problem = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!env.SESSION_SECRET) {
      problem(
        'SESSION_SECRET',
        'SESSION_SECRET is required in production: a random value of at least 32 characters (openssl rand -base64 48)',
      );
    } else if (env.SESSION_SECRET === DEVELOPMENT_SESSION_SECRET) {
      problem('SESSION_SECRET', 'SESSION_SECRET must not be the public development value in production');
    }
    if (!env.PUBLIC_BASE_URL) {
      problem(
        'PUBLIC_BASE_URL',
        'PUBLIC_BASE_URL is required in production: the site address people use, e.g. https://festivales.example.com',
      );
    }
    if (env.AUTH_DEV_LOGIN) {
      problem(
        'AUTH_DEV_LOGIN',
        'AUTH_DEV_LOGIN (the shared demo sign-in) is only allowed in development, never with NODE_ENV=production or on Lambda',
      );
    }
  })
  .transform((env) => {
    const onLambda = Boolean(env.AWS_LAMBDA_FUNCTION_NAME);
    const production = env.NODE_ENV === 'production' || onLambda;
    return {
      ...env,
      onLambda,
      /** Production mode: NODE_ENV=production or any deployed stage. Development and test are not. */
      production,
      // The fallback sign-in is the development default only when Google cannot serve.
      AUTH_DEV_LOGIN: !production && (env.AUTH_DEV_LOGIN ?? !env.GOOGLE_CLIENT_ID),
      /** False when the public development secret is in use: nothing else may derive keys from it. */
      sessionSecretConfigured: Boolean(env.SESSION_SECRET),
      SESSION_SECRET: env.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET,
      // Development serves this machine only unless HOST says otherwise (the demo sign-in is on there).
      HOST: env.HOST ?? (production ? undefined : '127.0.0.1'),
      LOG_LEVEL: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'error' : 'info'),
    };
  });

export type Env = z.output<typeof schema>;

/** Parses a set of variables; throws an Error whose message names every variable at fault. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}

let cached: Env | undefined;

/** The server's configuration: the only reader of process.env (a missing or wrong variable is named at start-up). */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests and the local server override values before first use. */
export function resetEnv(overrides: Record<string, string | undefined> = {}): Env {
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  cached = undefined;
  return env();
}
