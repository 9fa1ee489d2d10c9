import type { Hono } from 'hono';
import { handle, type LambdaContext, type LambdaEvent } from 'hono/aws-lambda';
import { env } from './env';
import { ORIGIN_HEADER, originSecretMatches } from './origin-secret';
import type { ApiErrorBody } from '#core/response-schemas';

type Headers = Record<string, string | string[] | undefined>;

function takeOriginHeader(headers: Headers | undefined): string | undefined {
  if (!headers) return undefined;
  let value: string | string[] | undefined;
  for (const name of Object.keys(headers)) {
    if (name.toLowerCase() !== ORIGIN_HEADER) continue;
    value = headers[name];
    // The application never sees the secret (nor logs it).
    delete headers[name];
  }
  return Array.isArray(value) ? value.join(',') : value;
}

const FORBIDDEN: ApiErrorBody = {
  error: 'Acceso denegado: esta función solo responde a las peticiones que llegan a través del sitio.',
  code: 'direct_access_forbidden',
};

/**
 * `handler = lambdaHandler(app)` in every functions/<area>/lambda.ts: hono's Lambda adapter behind a
 * check that the request came through the CloudFront Router. A function URL is public; without
 * this, anyone who learns it bypasses CloudFront (its security headers, its caching, the viewer
 * address that rate limits key on). The local server mounts the apps directly and never runs this.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any app, whatever its env and routes
export function lambdaHandler(app: Hono<any, any, any>) {
  const inner = handle(app);
  return async (event: LambdaEvent, context?: LambdaContext) => {
    // Function URLs send payload 2.0 (headers only); other event shapes may repeat it in multiValueHeaders.
    const single = takeOriginHeader(event.headers as Headers | undefined);
    const multi = takeOriginHeader(
      'multiValueHeaders' in event ? (event.multiValueHeaders as Headers | undefined) : undefined,
    );
    const received = single ?? multi;
    const secret = env().ORIGIN_SECRET;
    // Fail closed, loudly: a function deployed without its secret answers nothing (and says why in its log).
    if (!secret)
      throw new Error(
        'Invalid configuration: ORIGIN_SECRET is required behind the CloudFront Router (sst secret set OriginSecret)',
      );
    if (!originSecretMatches(received, secret)) {
      return {
        statusCode: 403,
        headers: {
          'content-type': 'application/json; charset=UTF-8',
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        },
        body: JSON.stringify(FORBIDDEN),
        isBase64Encoded: false,
      };
    }
    return inner(event, context);
  };
}
