import { apiAreas, handlerOf, resourceNameOf, secretEnv, secretsOf, type ApiArea } from './api-areas';
import { functionCode } from './function-code';
import { lambdaArchitecture, lambdaRuntime } from './function-bundles';
import type { Secrets } from './secrets';

export interface ApiDeps {
  router: sst.aws.Router;
  secrets: Secrets;
  uploads: { bucket: sst.aws.Bucket; publicUrl: $util.Output<string> };
  region: $util.Input<string>;
  /** Resources the functions wait for (the migration run), so new code never meets an old schema. */
  dependsOn: $util.Resource[];
}

/** One function per API area, each routed under its prefixes and linked to what it needs only. */
export function createApiFunctions({ router, secrets, uploads, region, dependsOn }: ApiDeps) {
  return apiAreas.map((area) => {
    const fn = createAreaFunction(area, { router, secrets, uploads, region, dependsOn });
    for (const prefix of area.routes) router.route(prefix, fn.url);
    return { area, fn };
  });
}

function createAreaFunction(area: ApiArea, { router, secrets, uploads, region, dependsOn }: ApiDeps) {
  const linkedSecrets = secretsOf(area).map((name) => ({ name, secret: secrets[name] }));
  const environment: Record<string, $util.Input<string>> = {
    NODE_ENV: 'production',
    PUBLIC_BASE_URL: router.url,
  };
  for (const { name, secret } of linkedSecrets) environment[secretEnv[name]] = secret.value;
  if (area.needsBucket) {
    environment.S3_BUCKET = uploads.bucket.name;
    environment.S3_REGION = region;
    environment.S3_PUBLIC_URL = uploads.publicUrl;
  }
  return new sst.aws.Function(
    resourceNameOf(area),
    {
      ...functionCode(area.name, handlerOf(area)),
      runtime: lambdaRuntime,
      architecture: lambdaArchitecture,
      memory: area.memory,
      timeout: area.timeout,
      // Linking the bucket grants the function's role access to it; the others get no S3 rights at all.
      link: [...linkedSecrets.map((s) => s.secret), ...(area.needsBucket ? [uploads.bucket] : [])],
      environment,
      // Served through the Router on the site's origin: no CORS needed on the function URL.
      url: { cors: false },
    },
    { dependsOn },
  );
}
