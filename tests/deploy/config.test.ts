import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiAreas,
  handlerOf,
  lambdaFileOf,
  pathMatchesPrefix,
  resourceNameOf,
  secretEnv,
  secretsOf,
} from '../../infra/api-areas';
import {
  BUNDLE_HANDLER,
  bundleDirOf,
  lambdaArchitecture,
  lambdaExternals,
  lambdaNativePackages,
  lambdaRuntime,
} from '../../infra/function-bundles';
import { keyCacheOnAuthorization } from '../../infra/cache-policy';
import { pageRoutes, specRoutes } from './spec-routes';
import { evaluateConfig, type Evaluation, type RecordedRoute } from './support/sst-stubs';

const root = path.resolve(import.meta.dirname, '../..');
// Loaded by URL so the main type-check does not follow it into SST's generated types.
const configUrl = pathToFileURL(path.join(root, 'sst.config.ts')).href;

const missingLambdas = apiAreas.filter((a) => !existsSync(path.join(root, lambdaFileOf(a)))).map((a) => a.name);
if (missingLambdas.length)
  console.warn(
    `[deploy] áreas sin functions/<área>/lambda.ts todavía (se omiten sus comprobaciones de código): ${missingLambdas.join(', ')}`,
  );

type Config = Evaluation & { app: any };
let ci: Config;

beforeAll(async () => {
  ci = await evaluateConfig(configUrl, { stage: 'ci' });
});

/** Where CloudFront sends a path: the longest matching route prefix, as the Router's function does. */
function routeFor(config: Config, requestPath: string): RecordedRoute | undefined {
  let best: RecordedRoute | undefined;
  for (const route of config.routes) {
    if (!pathMatchesPrefix(requestPath, route.pattern)) continue;
    if (!best || route.pattern.length > best.pattern.length) best = route;
  }
  return best;
}

/** The API area whose function a path reaches, or what else serves it. */
function servedBy(config: Config, requestPath: string): string {
  const route = routeFor(config, requestPath);
  if (!route) return 'nothing';
  if (route.kind === 'site') return 'site';
  if (route.kind === 'bucket') return 'bucket';
  const fn = config.of('Function').find((f) => f.instance.url === route.target);
  const area = apiAreas.find((a) => resourceNameOf(a) === fn?.name);
  return area ? area.name : `unknown url ${String(route.target)}`;
}

const functionOf = (config: Config, area: string) => config.one('Function', resourceNameOf({ name: area }));
const linkedNames = (fn: { args: any }) => (fn.args.link as any[]).map((l) => l.resourceName ?? l.secretName);

describe('sst.config.ts app()', () => {
  it('retains production resources (and protects the stage) and removes those of any other stage', async () => {
    const production = await evaluateConfig(configUrl, { stage: 'production' });
    expect(production.app).toMatchObject({ name: 'festivales', home: 'aws', removal: 'retain', protect: true });
    expect(ci.app).toMatchObject({ name: 'festivales', home: 'aws', removal: 'remove', protect: false });
  });
});

describe('one function per API area', () => {
  it.each(apiAreas.map((a) => [a.name, a] as const))(
    '%s: measured bundle, runtime, memory, timeout, function URL',
    (_name, area) => {
      const fn = functionOf(ci, area.name);
      expect(fn.args).toMatchObject({
        bundle: bundleDirOf(area.name),
        handler: BUNDLE_HANDLER,
        runtime: lambdaRuntime,
        architecture: lambdaArchitecture,
        memory: area.memory,
        timeout: area.timeout,
        url: { cors: false },
      });
      expect(parseInt(area.memory, 10)).toBeGreaterThanOrEqual(128);
      // Under CloudFront's 30 s origin read timeout.
      expect(parseInt(area.timeout, 10)).toBeLessThan(30);
    },
  );

  it('under `sst dev` lets SST bundle the source handlers, with the same externals', async () => {
    const dev = await evaluateConfig(configUrl, { stage: 'ana', dev: true });
    for (const area of apiAreas) {
      const fn = functionOf(dev, area.name);
      expect(fn.args.handler).toBe(handlerOf(area));
      expect(fn.args.bundle).toBeUndefined();
      expect(fn.args.nodejs.esbuild.external).toEqual([...lambdaExternals, ...lambdaNativePackages]);
    }
  });

  it('refuses to deploy bundles that are missing or older than their sources', async () => {
    // A copy of the repository (by links) whose dist/ we can break without touching the real one.
    const copy = mkdtempSync(path.join(tmpdir(), 'festivales-bundles-'));
    try {
      for (const entry of readdirSync(root))
        if (entry !== 'dist') symlinkSync(path.join(root, entry), path.join(copy, entry));
      await expect(evaluateConfig(configUrl, { stage: 'ci', root: copy })).rejects.toThrow(
        /missing or out of date \(festivals, .*\): run `npm run bundle`/,
      );

      cpSync(path.join(root, 'dist'), path.join(copy, 'dist'), { recursive: true });
      await expect(evaluateConfig(configUrl, { stage: 'ci', root: copy })).resolves.toBeTruthy();

      const manifestFile = path.join(copy, bundleDirOf('users'), 'bundle.json');
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
      manifest.inputs['functions/users/app.ts'] = '0'.repeat(64);
      writeFileSync(manifestFile, JSON.stringify(manifest));
      await expect(evaluateConfig(configUrl, { stage: 'ci', root: copy })).rejects.toThrow(/out of date \(users\)/);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it.each(apiAreas.map((a) => [a.name, a] as const))(
    '%s: its lambda.ts exports handler = handle(app)',
    async (name, area) => {
      if (missingLambdas.includes(name)) {
        console.warn(`[deploy] se omite ${name}: falta ${lambdaFileOf(area)}`);
        return;
      }
      const mod = await import(pathToFileURL(path.join(root, lambdaFileOf(area))).href);
      expect(typeof mod.handler).toBe('function');
    },
  );

  it('declares no function that is not in infra/api-areas.ts besides the migrator', () => {
    const expected = [...apiAreas.map(resourceNameOf), 'Migrate'].sort();
    expect(
      ci
        .of('Function')
        .map((f) => f.name)
        .sort(),
    ).toEqual(expected);
  });
});

describe('routing on the site origin', () => {
  it.each([...specRoutes, ...pageRoutes].map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s reaches its function',
    (_label, route) => {
      expect(servedBy(ci, route.path)).toBe(route.area);
    },
  );

  it('sends every area prefix to that area and nothing else to it', () => {
    for (const area of apiAreas) {
      for (const prefix of area.routes) {
        expect(servedBy(ci, prefix), prefix).toBe(area.name);
        expect(servedBy(ci, `${prefix}/anything/below`), prefix).toBe(area.name);
      }
    }
    // Whole path segments only: /api/festivalsX is not /api/festivals.
    expect(servedBy(ci, '/api/festivalsX')).toBe('festivals');
    expect(servedBy(ci, '/festivals')).toBe('site');
  });

  it('answers unknown /api paths from a function (the JSON 404), never with the SPA', () => {
    expect(servedBy(ci, '/api/no-such-area/1')).not.toBe('site');
    expect(servedBy(ci, '/api')).not.toBe('site');
  });

  it('serves the SPA for every screen route and the uploads from the bucket', () => {
    for (const screen of [
      '/',
      '/festivals',
      '/map',
      '/calendar',
      '/favorites',
      '/proponer',
      '/admin',
      '/contact',
      '/assets/index-abc.js',
      '/index.html',
    ]) {
      expect(servedBy(ci, screen), screen).toBe('site');
    }
    expect(servedBy(ci, '/uploads/users/1/gallery/0b7c.png')).toBe('bucket');
    const uploads = ci.routes.find((r) => r.kind === 'bucket')!;
    expect(uploads.target).toBe(ci.one('Bucket', 'Uploads').instance);
    expect('/uploads/users/1/a.png'.replace(new RegExp(uploads.args.rewrite.regex), uploads.args.rewrite.to)).toBe(
      '/users/1/a.png',
    );
  });

  it('builds the Vite SPA with npm run build into web/dist, behind the same Router', () => {
    const [site] = ci.of('StaticSite');
    expect(site.args).toMatchObject({ path: '.', build: { command: 'npm run build', output: 'web/dist' } });
    expect(site.args.router.instance).toBe(ci.one('Router', 'Site').instance);
    expect(site.args.environment).toEqual({ GOOGLE_CLIENT_ID: '{Secret:GoogleClientId.value}' });
  });

  it('uploads the service worker and the manifest to be checked on every request, hashed assets for a year', () => {
    const [site] = ci.of('StaticSite');
    // SST applies the entries last first; a file goes with the first entry whose pattern takes it.
    const options = [...site.args.assets.fileOptions].reverse() as {
      files: string | string[];
      cacheControl: string;
      contentType?: string;
    }[];
    const optionFor = (file: string) =>
      options.find((o) => [o.files].flat().some((glob) => path.matchesGlob(file, glob)))!;
    expect(optionFor('sw.js').cacheControl).toBe('max-age=0,no-cache,no-store,must-revalidate');
    expect(optionFor('index.html').cacheControl).toBe('max-age=0,no-cache,no-store,must-revalidate');
    expect(optionFor('manifest.webmanifest')).toMatchObject({
      cacheControl: 'max-age=0,no-cache,no-store,must-revalidate',
      contentType: 'application/manifest+json',
    });
    expect(optionFor('assets/index-abc.js').cacheControl).toBe('max-age=31536000,public,immutable');
    expect(optionFor('images/stock/festival-3-md.avif').cacheControl).toBe(
      'max-age=604800,public,stale-while-revalidate=86400',
    );
    expect(optionFor('icons/icon-192.png').cacheControl).toBe('max-age=604800,public,stale-while-revalidate=86400');
  });

  it('keys the CDN cache on Authorization, so Bearer GETs reach the functions and are never shared', () => {
    const transform = ci.one('Router', 'Site').args.transform.cachePolicy as (args: any) => void;
    // SST's default server cache policy for Router routes (router.ts, createCachePolicy).
    const sstDefault = {
      defaultTtl: 0,
      parametersInCacheKeyAndForwardedToOrigin: {
        cookiesConfig: { cookieBehavior: 'none' },
        headersConfig: {
          headerBehavior: 'whitelist',
          headers: { items: ['x-open-next-cache-key', 'x-forwarded-host'] },
        },
        queryStringsConfig: { queryStringBehavior: 'all' },
      },
    };
    transform(sstDefault);
    expect(sstDefault.parametersInCacheKeyAndForwardedToOrigin.headersConfig).toEqual({
      headerBehavior: 'whitelist',
      headers: { items: ['x-open-next-cache-key', 'x-forwarded-host', 'authorization'] },
    });
    expect(sstDefault.parametersInCacheKeyAndForwardedToOrigin.queryStringsConfig.queryStringBehavior).toBe('all');
    // The functions' s-maxage decides what the edge keeps; each compressed form is kept apart.
    expect(sstDefault).toMatchObject({
      minTtl: 0,
      defaultTtl: 0,
      maxTtl: 31_536_000,
      parametersInCacheKeyAndForwardedToOrigin: { enableAcceptEncodingBrotli: true, enableAcceptEncodingGzip: true },
    });
    const bare: any = {};
    keyCacheOnAuthorization(bare);
    expect(bare.parametersInCacheKeyAndForwardedToOrigin.headersConfig.headers.items).toEqual(['authorization']);
  });
});

describe('links: each function gets only what it needs', () => {
  it('gives the bucket (and the S3 variables) to the upload functions only', () => {
    const bucket = ci.one('Bucket', 'Uploads').instance;
    const withBucket = apiAreas.filter((a) => functionOf(ci, a.name).args.link.includes(bucket)).map((a) => a.name);
    expect(withBucket.sort()).toEqual(
      apiAreas
        .filter((a) => a.needsBucket)
        .map((a) => a.name)
        .sort(),
    );
    // Uploads (media, admin, comments with images) and deletions that remove stored images (festivals, and users: a deleted account's photos).
    expect(withBucket.sort()).toEqual(['admin', 'comments', 'festivals', 'media', 'users']);
    for (const area of apiAreas) {
      const env = functionOf(ci, area.name).args.environment;
      if (area.needsBucket) {
        expect(env).toMatchObject({
          S3_BUCKET: '{Bucket:Uploads.name}',
          S3_REGION: '{aws.region}',
          S3_PUBLIC_URL: '{Router:Site.url}/uploads',
        });
      } else {
        expect(
          Object.keys(env).filter((k) => k.startsWith('S3_')),
          area.name,
        ).toEqual([]);
      }
    }
    expect(linkedNames(ci.one('Function', 'Migrate'))).toEqual(['DatabaseUrlDirect']);
  });

  it('links each secret only where it is used, and passes it under the name the README documents', () => {
    for (const area of apiAreas) {
      const fn = functionOf(ci, area.name);
      const secrets = linkedNames(fn).filter((n) => n !== 'Uploads');
      expect(secrets.sort(), area.name).toEqual(secretsOf(area).sort());
      for (const secret of secretsOf(area))
        expect(fn.args.environment[secretEnv[secret]]).toBe(`{Secret:${secret}.value}`);
    }
    const users = (name: string) =>
      apiAreas.filter((a) => linkedNames(functionOf(ci, a.name)).includes(name)).map((a) => a.name);
    expect(users('GoogleClientId')).toEqual(['users']);
    expect(users('AdminEmails')).toEqual(['users']);
    expect(users('DatabaseUrlDirect')).toEqual([]);
    expect(users('DatabaseUrl').sort()).toEqual(apiAreas.map((a) => a.name).sort());
  });

  it('sets only variables that functions/lib/env.ts reads, and never AUTH_DEV_LOGIN', () => {
    const known = [
      'NODE_ENV',
      'PUBLIC_BASE_URL',
      'DATABASE_URL',
      'SESSION_SECRET',
      'ORIGIN_SECRET',
      'GOOGLE_CLIENT_ID',
      'ADMIN_EMAILS',
      'S3_BUCKET',
      'S3_REGION',
      'S3_PUBLIC_URL',
      'VAPID_PUBLIC_KEY',
    ];
    for (const fn of ci.of('Function')) {
      const env = fn.args.environment ?? {};
      expect(
        Object.keys(env).filter((k) => !known.includes(k)),
        fn.name,
      ).toEqual([]);
      expect(env.AUTH_DEV_LOGIN, fn.name).toBeUndefined();
      if (env.PUBLIC_BASE_URL) expect(env.PUBLIC_BASE_URL).toBe('{Router:Site.url}');
    }
  });

  it('declares the secrets of the README Deploy section', () => {
    expect(
      ci
        .of('Secret')
        .map((s) => s.name)
        .sort(),
    ).toEqual([
      'AdminEmails',
      'DatabaseUrl',
      'DatabaseUrlDirect',
      'GoogleClientId',
      'MailFrom',
      'MailSender',
      'OriginSecret',
      'SessionSecret',
      'VapidPrivateKey',
      'VapidPublicKey',
    ]);
    expect(ci.one('Secret', 'AdminEmails').args.placeholder).toBe('');
    expect(ci.one('Secret', 'DatabaseUrl').args.placeholder).toBeUndefined();
  });
});

describe('migrations on deploy', () => {
  it('runs the migrator through the direct URL once per deploy, before the API functions change', () => {
    const migrate = ci.one('Function', 'Migrate');
    expect(migrate.args).toMatchObject({ bundle: bundleDirOf('migrate'), handler: BUNDLE_HANDLER });
    expect(existsSync(path.join(root, bundleDirOf('migrate'), 'migrations/meta/_journal.json'))).toBe(true);
    const [run] = ci.of('aws.lambda.Invocation');
    expect(run.args.functionName).toBe('{Function:Migrate.name}');
    expect(JSON.parse(run.args.input)).toEqual({ seedIfEmpty: true });
    expect(run.args.triggers.migrations).toMatch(/^[0-9a-f]{64}$/);
    for (const area of apiAreas) expect(functionOf(ci, area.name).opts.dependsOn, area.name).toContain(run.instance);
  });

  it('leaves migrations to `npm run db:migrate` under `sst dev`', async () => {
    const dev = await evaluateConfig(configUrl, { stage: 'ana', dev: true });
    expect(dev.of('aws.lambda.Invocation')).toEqual([]);
    expect(dev.one('Function', 'Migrate').args).toMatchObject({
      handler: 'functions/migrate/lambda.handler',
      copyFiles: [{ from: 'migrations', to: 'migrations' }],
    });
  });
});
