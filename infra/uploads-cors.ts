/**
 * CORS of the uploads bucket: browsers PUT images straight to S3 with a presigned URL
 * (docs/decisions/009). Reads go through the CDN on the site's own origin, so only PUT is
 * allowed, and only from the site. Pure data: sst.config.ts declares it on the bucket and
 * tests/deploy/s3-cors.test.ts serves the same rules from the S3 test server.
 */
export interface UploadsCors<Origin = string> {
  allowOrigins: Origin[];
  allowMethods: 'PUT'[];
  /**
   * Content-Type and If-None-Match are signed into the URL and sent by the browser (If-None-Match: *
   * keeps a URL from writing its object twice); Content-Length is set by the browser itself.
   */
  allowHeaders: string[];
  exposeHeaders: string[];
  maxAge: `${number} seconds`;
}

export function uploadsCors<Origin>(siteOrigins: Origin[]): UploadsCors<Origin> {
  return {
    allowOrigins: siteOrigins,
    allowMethods: ['PUT'],
    allowHeaders: ['content-type', 'if-none-match'],
    exposeHeaders: ['etag'],
    maxAge: '3600 seconds',
  };
}

/** The same rules as S3's CORS XML (what PutBucketCors stores), for S3-compatible test servers. */
export function uploadsCorsXml(cors: UploadsCors<string>): string {
  const tags = (name: string, values: string[]) => values.map((v) => `<${name}>${v}</${name}>`).join('');
  return (
    '<CORSConfiguration><CORSRule>' +
    tags('AllowedOrigin', cors.allowOrigins) +
    tags('AllowedMethod', cors.allowMethods) +
    tags('AllowedHeader', cors.allowHeaders) +
    tags('ExposeHeader', cors.exposeHeaders) +
    `<MaxAgeSeconds>${parseInt(cors.maxAge, 10)}</MaxAgeSeconds>` +
    '</CORSRule></CORSConfiguration>'
  );
}
