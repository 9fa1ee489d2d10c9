import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true'));

const schema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default('.data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
    GOOGLE_CLIENT_ID: z.string().optional().transform((v) => v || undefined),
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
    S3_BUCKET: z.string().optional().transform((v) => v || undefined),
    S3_ENDPOINT: z.string().optional().transform((v) => v || undefined),
    S3_REGION: z.string().default('eu-west-1'),
    /** Only for S3-compatible stores outside AWS (R2, MinIO, the test server); on AWS the Lambda role signs. */
    S3_ACCESS_KEY_ID: z.string().optional().transform((v) => v || undefined),
    S3_SECRET_ACCESS_KEY: z.string().optional().transform((v) => v || undefined),
    /** Where stored objects are read from (a CDN or the bucket's public URL); by default the bucket's own URL. */
    S3_PUBLIC_URL: z.string().optional().transform((v) => (v ? v.replace(/\/+$/, '') : undefined)),
    PUBLIC_BASE_URL: z.string().optional().transform((v) => (v ? v.replace(/\/+$/, '') : undefined)),
    GEOCODER_URL: z.url().default('https://nominatim.openstreetmap.org/search'),
    /** Identifies us to the geocoder (Nominatim's usage policy asks for it); defaults to the product and PUBLIC_BASE_URL. */
    GEOCODER_USER_AGENT: z.string().optional().transform((v) => v || undefined),
    GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30000).default(5000),
    /** Set by AWS Lambda itself: selects the Neon serverless driver. */
    AWS_LAMBDA_FUNCTION_NAME: z.string().optional(),
    NODE_ENV: z.string().default('development'),
  })
  .transform((env) => {
    const onLambda = Boolean(env.AWS_LAMBDA_FUNCTION_NAME);
    if (onLambda && !env.SESSION_SECRET) throw new Error('SESSION_SECRET is required in a deployed stage');
    return {
      ...env,
      onLambda,
      // The fallback sign-in is the local default only when Google cannot serve (DESIGN.md "Auth"), never deployed.
      AUTH_DEV_LOGIN: onLambda ? false : (env.AUTH_DEV_LOGIN ?? !env.GOOGLE_CLIENT_ID),
      // A stable local secret so sessions survive restarts of `npm start`; deployed stages must set their own.
      SESSION_SECRET: env.SESSION_SECRET ?? 'festivales-local-development-secret-change-me',
    };
  });

export type Env = z.output<typeof schema>;

let cached: Env | undefined;

/** The server's configuration: the only reader of process.env (DESIGN.md "Configuration"). */
export function env(): Env {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`).join('; ');
      throw new Error(`Invalid configuration: ${problems}`);
    }
    cached = parsed.data;
  }
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
