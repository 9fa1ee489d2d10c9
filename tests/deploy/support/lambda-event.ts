import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyResult, LambdaContext, LambdaEvent } from 'hono/aws-lambda';
import { ORIGIN_HEADER } from '../../../functions/lib/origin-secret';
import { TEST_ORIGIN_SECRET } from '../../support/context';

/** Payload format 2.0: what an API Gateway HTTP API and a Lambda function URL both send. */
export type APIGatewayProxyEventV2 = Extract<LambdaEvent, { rawPath: string }>;

export const SITE_HOST = 'festivales.example';
const FUNCTION_URL_HOST = 'abcdefghijklmnopqrstuvwxyz012345.lambda-url.eu-central-1.on.aws';

export interface EventInput {
  method: string;
  /** Path with an optional query string. */
  url: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** What a function URL does with a binary body (multipart, images): base64 and the flag set. */
  base64?: boolean;
  /**
   * The Router's origin secret (infra/router.ts): CloudFront's by default; false for a caller who
   * reaches the function URL directly, or a string for a wrong secret.
   */
  originSecret?: string | false;
}

/**
 * A payload-format 2.0 event as a Lambda function URL (the same format as an API Gateway HTTP API)
 * receives it behind CloudFront: lower-case headers, CloudFront's forwarding headers, the raw query
 * string plus its parsed form (repeated keys joined by commas), the body as text or base64.
 */
export function lambdaEvent({
  method,
  url,
  headers = {},
  body,
  base64,
  originSecret = TEST_ORIGIN_SECRET,
}: EventInput): APIGatewayProxyEventV2 {
  const [rawPath, rawQueryString = ''] = url.split(/\?(.*)/s, 2);
  const queryStringParameters: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(rawQueryString)) {
    queryStringParameters[key] = key in queryStringParameters ? `${queryStringParameters[key]},${value}` : value;
  }
  const bytes = body === undefined ? undefined : typeof body === 'string' ? Buffer.from(body) : Buffer.from(body);
  const encode = base64 ?? (bytes !== undefined && typeof body !== 'string');
  const lowered = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const now = new Date();
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString,
    cookies: undefined,
    headers: {
      host: FUNCTION_URL_HOST,
      'x-forwarded-host': SITE_HOST,
      'x-forwarded-proto': 'https',
      'x-forwarded-port': '443',
      'x-forwarded-for': '203.0.113.7',
      via: '2.0 0123456789abcdef.cloudfront.net (CloudFront)',
      'x-amz-cf-id': randomUUID(),
      'user-agent': 'Mozilla/5.0 (deploy test)',
      accept: '*/*',
      ...(originSecret === false ? {} : { [ORIGIN_HEADER]: originSecret }),
      ...(bytes ? { 'content-length': String(bytes.byteLength) } : {}),
      ...lowered,
    },
    queryStringParameters: rawQueryString ? queryStringParameters : undefined,
    requestContext: {
      accountId: 'anonymous',
      apiId: FUNCTION_URL_HOST.split('.')[0],
      authentication: null,
      authorizer: undefined as never,
      domainName: FUNCTION_URL_HOST,
      domainPrefix: FUNCTION_URL_HOST.split('.')[0],
      http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '130.176.0.1', userAgent: 'Amazon CloudFront' },
      requestId: randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: bytes === undefined ? null : encode ? bytes.toString('base64') : bytes.toString('utf8'),
    isBase64Encoded: Boolean(bytes && encode),
  };
}

export const lambdaContext: LambdaContext = {
  callbackWaitsForEmptyEventLoop: true,
  functionName: 'festivales-ci-Api',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:eu-central-1:123456789012:function:festivales-ci-Api',
  memoryLimitInMB: '256',
  awsRequestId: randomUUID(),
  logGroupName: '/aws/lambda/festivales-ci-Api',
  logStreamName: 'stream',
  getRemainingTimeInMillis: () => 10_000,
};

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export function fromLambda(result: APIGatewayProxyResult): Answer {
  const headers: Record<string, string> = {};
  if ('headers' in result && result.headers) {
    for (const [k, v] of Object.entries(result.headers)) headers[k.toLowerCase()] = String(v);
  }
  return {
    status: result.statusCode,
    headers,
    body: Buffer.from(result.body ?? '', result.isBase64Encoded ? 'base64' : 'utf8'),
  };
}

export async function fromResponse(res: Response): Promise<Answer> {
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => (headers[k] = v));
  return { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** A FormData serialised as a browser sends it: the bytes and the Content-Type with its boundary. */
export async function multipart(form: FormData): Promise<{ body: Uint8Array; contentType: string }> {
  const res = new Response(form);
  return { body: new Uint8Array(await res.arrayBuffer()), contentType: res.headers.get('content-type')! };
}
