/**
 * The Lambda bundles: built by scripts/bundle-functions.ts (`npm run bundle`) into
 * dist/functions/<name>/index.mjs (with chunks/ beside it for code loaded on first use) and deployed as they are (sst.aws.Function `bundle`), so what
 * the script measures (size, cold import, AWS SDK or not) is exactly what runs in AWS.
 * No SST globals here: the bundle script, the tests and sst.config.ts all import it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions, Metafile, Plugin } from 'esbuild';
import { apiAreas, lambdaFileOf } from './api-areas';

/** Pinned rather than SST's default: Node 22 has a global WebSocket, which the Neon driver uses. */
export const lambdaRuntime = 'nodejs22.x' as const;
export const lambdaArchitecture = 'arm64' as const;

export const BUNDLE_ROOT = 'dist/functions';
export const BUNDLE_HANDLER = 'index.handler';
const MANIFEST = 'bundle.json';

export interface BundleTarget {
  name: string;
  entry: string;
  /** Uses the uploads bucket: the AWS SDK belongs in its bundle, and only then. */
  usesBucket: boolean;
  /** Uses the AWS SDK for something else than the bucket (SES, SQS); by default only bucket users do. */
  usesAwsSdk?: boolean;
  /** Copied beside the bundle (the migrator reads the SQL files at run time). */
  copy?: { from: string; to: string };
}

export const bundleTargets: BundleTarget[] = [
  ...apiAreas.map((area) => ({ name: area.name, entry: lambdaFileOf(area), usesBucket: area.needsBucket })),
  {
    name: 'migrate',
    entry: 'functions/migrate/lambda.ts',
    usesBucket: false,
    copy: { from: 'migrations', to: 'migrations' },
  },
  // Run by the UploadSweep cron (infra/upload-sweep.ts).
  { name: 'sweep-uploads', entry: 'functions/sweep-uploads/lambda.ts', usesBucket: true },
  // The outbox's queue consumer (mail through SES) and its dispatcher (messages to SQS): infra/outbox.ts.
  { name: 'outbox-worker', entry: 'functions/outbox-worker/lambda.ts', usesBucket: false, usesAwsSdk: true },
  { name: 'outbox-dispatch', entry: 'functions/outbox-dispatch/lambda.ts', usesBucket: false, usesAwsSdk: true },
  // Web Push deliveries (the OutboxPush cron).
  { name: 'outbox-push', entry: 'functions/outbox-push/lambda.ts', usesBucket: false },
];

export function bundleDirOf(name: string): string {
  return `${BUNDLE_ROOT}/${name}`;
}

/**
 * Drivers that only run off Lambda (db/client.ts imports them lazily; Lambda always takes the
 * Neon branch), kept out of the bundles: PGlite alone is megabytes of WASM. Drizzle's adapters for
 * them stay out too: bundled, their static imports of the drivers would be hoisted to the top of
 * the single-file bundle and fail at load time although the branch never runs.
 */
export const lambdaExternals = [
  // db/client.ts loads ws only where there is no global WebSocket: never on the nodejs22.x runtime.
  'ws',
  '@electric-sql/pglite',
  'pg',
  'pg-native',
  'drizzle-orm/pglite',
  'drizzle-orm/pglite/migrator',
  'drizzle-orm/node-postgres',
  'drizzle-orm/node-postgres/migrator',
  // Mail leaves Lambda through SES only (functions/lib/mail/transport.ts loads these off Lambda).
  'nodemailer/lib/smtp-transport',
  'nodemailer/lib/stream-transport',
];

/**
 * Native packages (a .node binary and its shared libraries, which esbuild cannot inline): left out
 * of every bundle and installed beside the bundles that import them, built for the Lambda runtime
 * (linux-arm64, glibc) from the lockfile in NATIVE_PACKAGES_DIR. sharp re-encodes stored photos
 * (functions/lib/image-cleaning.ts), loaded on first use.
 */
export const lambdaNativePackages = ['sharp'];
export const NATIVE_PACKAGES_DIR = 'infra/lambda-native';
/** npm's own platform flags: install the binaries for the Lambda whatever machine bundles. */
export const nativeInstallFlags = ['--os=linux', `--cpu=${lambdaArchitecture}`, '--libc=glibc'];

/**
 * core/zod.ts re-exports zod's `z` namespace, which makes esbuild keep every object in it,
 * including `z.locales`: some 50 translations, a third of each bundle and half its import time.
 * We use two: Spanish (core/zod.ts) and English (zod's default).
 */
export const zodLocalesPlugin: Plugin = {
  name: 'zod-locales-es-en',
  setup(build) {
    const skip = Symbol('skip');
    build.onResolve({ filter: /(^|\/)locales(\/index\.js)?$/ }, async (args) => {
      if (args.pluginData === skip) return undefined;
      const resolved = await build.resolve(args.path, {
        resolveDir: args.resolveDir,
        kind: args.kind,
        importer: args.importer,
        pluginData: skip,
      });
      if (!/[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/.test(resolved.path)) return undefined;
      return { path: resolved.path, namespace: 'zod-locales' };
    });
    build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => {
      const dir = path.dirname(args.path);
      return {
        contents: ['es', 'en']
          .map((l) => `export { default as ${l} } from ${JSON.stringify(path.join(dir, `${l}.js`))};`)
          .join('\n'),
        loader: 'js',
        resolveDir: dir,
      };
    });
  },
};

export const lambdaCredentialsPlugin: Plugin = {
  name: 'lambda-credentials',
  setup(build) {
    build.onResolve({ filter: /^@aws-sdk\/credential-provider-node$/ }, () => ({
      path: path.join(path.dirname(fileURLToPath(import.meta.url)), 'lambda-credentials.ts'),
    }));
  },
};

// What SST prepends to its ESM bundles: CommonJS dependencies (ws, the SDK's) still call require().
const banner = [
  "import { createRequire as topLevelCreateRequire } from 'module';",
  'const require = topLevelCreateRequire(import.meta.url);',
  "import { fileURLToPath as topLevelFileUrlToPath, URL as topLevelURL } from 'url';",
  'const __filename = topLevelFileUrlToPath(import.meta.url);',
  "const __dirname = topLevelFileUrlToPath(new topLevelURL('.', import.meta.url));",
].join('\n');

export function esbuildOptionsFor(target: BundleTarget, root: string): BuildOptions {
  return {
    absWorkingDir: root,
    entryPoints: { index: target.entry },
    outdir: path.join(root, bundleDirOf(target.name)),
    outExtension: { '.js': '.mjs' },
    // Code behind a dynamic import() (the S3 client of a rare delete, for one) goes in a chunk of
    // its own beside index.mjs, read only when first used: a cold start parses what reads need.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    // As SST does: the ESM builds of the AWS SDK tree-shake far better than the CommonJS ones.
    mainFields: ['module', 'main'],
    minify: true,
    treeShaking: true,
    legalComments: 'none',
    external: [...lambdaExternals, ...lambdaNativePackages],
    banner: { js: banner },
    plugins: [zodLocalesPlugin, lambdaCredentialsPlugin],
    metafile: true,
    logLevel: 'error',
  };
}

/**
 * The output files a cold start reads: index.mjs and the chunks it imports statically (paths as
 * esbuild's metafile names them), not those behind an import() that loads on first use.
 */
export function startupOutputs(metafile: Metafile): string[] {
  const outputs = metafile.outputs;
  const loaded = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file) || !outputs[file]) return;
    loaded.add(file);
    for (const i of outputs[file].imports) if (i.kind === 'import-statement' && !i.external) visit(i.path);
  };
  const entry = Object.keys(outputs).find((o) => o.endsWith('/index.mjs') || o === 'index.mjs');
  if (entry) visit(entry);
  return [...loaded];
}

export interface BundleManifest {
  entry: string;
  /** sha256 of every file that went into the bundle, by path relative to the repository. */
  inputs: Record<string, string>;
}

export const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

export function manifestPath(root: string, name: string): string {
  return path.join(root, bundleDirOf(name), MANIFEST);
}

/**
 * Names of the bundles that are missing or older than their sources (any input file changed).
 * sst.config.ts refuses to deploy those: `npm run bundle` first (`npm run deploy` does).
 */
export function staleBundles(root: string): string[] {
  return (
    bundleTargets
      // An area whose code is not written yet has nothing to bundle (the deploy would still fail on it).
      .filter((target) => existsSync(path.join(root, target.entry)))
      .filter((target) => {
        const file = manifestPath(root, target.name);
        if (!existsSync(file) || !existsSync(path.join(root, bundleDirOf(target.name), 'index.mjs'))) return true;
        const manifest = JSON.parse(readFileSync(file, 'utf8')) as BundleManifest;
        if (manifest.entry !== target.entry) return true;
        return Object.entries(manifest.inputs).some(([input, hash]) => {
          const full = path.join(root, input);
          return !existsSync(full) || sha256(full) !== hash;
        });
      })
      .map((target) => target.name)
  );
}
