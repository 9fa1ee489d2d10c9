/// <reference path="./.sst/platform/config.d.ts" />

// Festivales on AWS: one Lambda per API area behind a CloudFront Router that also serves the SPA
// and the uploads, Neon for Postgres. How to deploy: README.md "Deploy".
export default $config({
  app(input) {
    const production = input?.stage === 'production';
    return {
      name: 'festivales',
      home: 'aws',
      // Each stage is its own set of resources; production keeps its data if the stage is removed.
      removal: production ? 'retain' : 'remove',
      protect: production,
      providers: { aws: { region: 'eu-central-1' } },
    };
  },
  async run() {
    const { staleBundles } = await import('./infra/function-bundles');
    const stale = $dev ? [] : staleBundles($cli.paths.root);
    if (stale.length) {
      throw new Error(
        `Lambda bundles missing or out of date (${stale.join(', ')}): run \`npm run bundle\` first, or deploy with \`npm run deploy -- --stage <name>\`.`,
      );
    }
    const { createSecrets } = await import('./infra/secrets');
    const { createRouter } = await import('./infra/router');
    const { createSecurityHeaders } = await import('./infra/security-headers');
    const { createUploadsBucket } = await import('./infra/storage');
    const { createMigrations } = await import('./infra/migrations');
    const { createApiFunctions } = await import('./infra/api');
    const { createWeb } = await import('./infra/web');
    const { createUploadSweep } = await import('./infra/upload-sweep');
    const { createOutbox } = await import('./infra/outbox');

    const secrets = createSecrets();
    const region = aws.getRegionOutput().region;
    const headers = createSecurityHeaders();
    const router = createRouter(secrets, headers);
    const uploads = createUploadsBucket(router);
    // The CSP lets browsers PUT presigned uploads to this bucket, and to no other host.
    headers.allowUploadsTo(uploads.bucket, region);
    const migrations = createMigrations(secrets);
    const api = createApiFunctions({
      router,
      secrets,
      uploads,
      region,
      dependsOn: migrations.run ? [migrations.run] : [],
    });
    const web = createWeb(router, secrets);
    createUploadSweep(secrets, uploads);
    const outbox = createOutbox(secrets, router);

    return {
      url: router.url,
      uploadsBucket: uploads.bucket.name,
      functions: Object.fromEntries(api.map(({ area, fn }) => [area.name, fn.name])),
      web: web.url,
      outboxQueue: outbox.queue.url,
    };
  },
});
