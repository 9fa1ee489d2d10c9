/**
 * Builds each Lambda on its own into dist/functions/<name>/ (the bundles `sst deploy` uploads
 * as they are, infra/function-bundles.ts), then prints each bundle's size and its cold import
 * time in fresh Node processes, and checks:
 *   - at most 1 MB minified;
 *   - the AWS SDK in the functions that use the bucket, and only in those;
 *   - native packages (sharp) outside the code, installed beside the bundles that import them for
 *     the Lambda's linux-arm64 (a bundle that imports one without its arm64 binary fails);
 *   - the bundle runs on its own, away from node_modules: it answers a request.
 * The cold import target (150 ms, module load to handler ready) is checked against the median CPU
 * time of the import, which other work on a shared machine stretches far less than wall time (both
 * are printed); it fails the run only with `--strict`. `--build-only` skips the measures.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { ORIGIN_HEADER } from '../functions/lib/origin-secret';
import { apiAreas } from '../infra/api-areas';
import {
  BUNDLE_ROOT,
  bundleDirOf,
  bundleTargets,
  esbuildOptionsFor,
  startupOutputs,
  manifestPath,
  sha256,
  type BundleManifest,
  type BundleTarget,
} from '../infra/function-bundles';
import { copyNativePackages, nativeImportsOf, NATIVE_INPUTS, nativeProblems } from './native-packages';

const MAX_BYTES = 1024 * 1024;
const MAX_COLD_IMPORT_MS = Number(process.env.MAX_COLD_IMPORT_MS ?? 150);
const COLD_RUNS = 7;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildOnly = process.argv.includes('--build-only');
const strict = process.argv.includes('--strict');

// Runs in a fresh Node: import to handler ready, then one request (for the first run only).
const probeScript = `
const cpu0 = process.cpuUsage();
const started = performance.now();
const mod = await import(process.env.BUNDLE_URL);
const ready = performance.now() - started;
const used = process.cpuUsage(cpu0);
const cpu = (used.user + used.system) / 1000;
if (typeof mod.handler !== 'function') throw new Error('no handler export');
let status = null;
if (process.env.PROBE_PATH) {
  const p = process.env.PROBE_PATH;
  const host = 'example.lambda-url.eu-central-1.on.aws';
  const result = await mod.handler({
    version: '2.0', routeKey: '$default', rawPath: p, rawQueryString: '', isBase64Encoded: false, body: null,
    // As the CloudFront Router forwards it, origin secret included (functions/lib/lambda-handler.ts).
    headers: { host, 'x-forwarded-for': '203.0.113.7', ${JSON.stringify(ORIGIN_HEADER)}: process.env.ORIGIN_SECRET },
    requestContext: { http: { method: 'GET', path: p, protocol: 'HTTP/1.1', sourceIp: '203.0.113.7', userAgent: 'probe' },
      domainName: host, domainPrefix: 'example', requestId: 'probe', routeKey: '$default', stage: '$default',
      accountId: 'anonymous', apiId: 'example', time: new Date().toUTCString(), timeEpoch: Date.now() },
  }, {});
  status = result.statusCode;
}
console.log(JSON.stringify({ ready, cpu, status }));
`;

/** A path under the function's prefix that no route serves: answered before any database call. */
function probePathOf(target: BundleTarget): string | undefined {
  const area = apiAreas.find((a) => a.name === target.name);
  if (!area) return undefined;
  return `${area.routes.find((r) => r.startsWith('/api')) ?? area.routes[0]}/__no_such_route__/x/y/z`;
}

async function bundle(target: BundleTarget): Promise<{ code: Buffer; awsSdk: boolean; native: string[] }> {
  const dir = path.join(root, bundleDirOf(target.name));
  rmSync(dir, { recursive: true, force: true });
  const result = await build(esbuildOptionsFor(target, root));
  if (target.copy) cpSync(path.join(root, target.copy.from), path.join(dir, target.copy.to), { recursive: true });
  const docsInputs = target.name === 'docs' ? await writeDocsAssets(dir) : [];
  const native = nativeImportsOf(result.metafile!);
  if (native.length) await copyNativePackages(root, dir);

  // The build settings are inputs too: a change to them makes every bundle stale.
  const inputs = [
    ...Object.keys(result.metafile!.inputs).filter((i) => !i.includes(':')),
    'infra/function-bundles.ts',
    'infra/api-areas.ts',
  ];
  if (target.copy) inputs.push(...listFiles(target.copy.from));
  if (native.length) inputs.push(...NATIVE_INPUTS);
  inputs.push(...docsInputs);
  const manifest: BundleManifest = {
    entry: target.entry,
    inputs: Object.fromEntries([...new Set(inputs)].sort().map((input) => [input, sha256(path.join(root, input))])),
  };
  writeFileSync(manifestPath(root, target.name), JSON.stringify(manifest, null, 2));

  // What a cold start reads: index.mjs and the chunks it imports statically.
  const code = Buffer.concat(startupOutputs(result.metafile!).map((file) => readFileSync(path.join(root, file))));
  const fromMetafile = Object.keys(result.metafile!.inputs).some((input) => input.includes('node_modules/@aws-sdk/'));
  // The SDK writes its user agent string into every client it builds.
  return { code, awsSdk: fromMetafile || code.includes('aws-sdk-js'), native };
}

/**
 * The docs function serves the OpenAPI document of every other function's routes without carrying
 * their code: the document is generated here, from the same apps the local server mounts, and
 * written beside its bundle with Swagger UI's files. Returns the inputs it depends on.
 */
async function writeDocsAssets(dir: string): Promise<string[]> {
  const { apiRoutes, swaggerUiDir } = await import('../functions/server/api-apps');
  const { openApiDocument } = await import('../functions/lib/openapi-document');
  const { SWAGGER_UI_FILES } = await import('../functions/docs/app');
  writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(await openApiDocument(apiRoutes())));
  mkdirSync(path.join(dir, 'swagger-ui'), { recursive: true });
  for (const file of SWAGGER_UI_FILES) cpSync(path.join(swaggerUiDir, file), path.join(dir, 'swagger-ui', file));
  return [
    ...listFiles('functions'),
    ...listFiles('core'),
    ...SWAGGER_UI_FILES.map((file) => path.relative(root, path.join(swaggerUiDir, file))),
  ];
}

function listFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

interface Measure {
  coldMedianMs: number;
  coldMinMs: number;
  cpuMedianMs: number;
  probeStatus: number | null;
}

/** Cold imports in fresh Node processes, from a copy outside the repository so nothing resolves from node_modules. */
function measure(target: BundleTarget): Measure {
  const isolated = mkdtempSync(path.join(tmpdir(), `festivales-bundle-${target.name}-`));
  try {
    cpSync(path.join(root, bundleDirOf(target.name)), isolated, { recursive: true });
    const probe = probePathOf(target);
    const runs: { ready: number; cpu: number; status: number | null }[] = [];
    for (let i = 0; i < COLD_RUNS; i++) {
      const output = execFileSync(process.execPath, ['--input-type=module', '-e', probeScript], {
        cwd: isolated,
        env: {
          PATH: process.env.PATH ?? '',
          BUNDLE_URL: pathToFileURL(path.join(isolated, 'index.mjs')).href,
          // As deployed: Lambda's own variable, and what functions/lib/env.ts demands in production.
          AWS_LAMBDA_FUNCTION_NAME: `festivales-bundle-${target.name}`,
          SESSION_SECRET: 'bundle-probe-secret-with-enough-length-0123456789',
          ORIGIN_SECRET: 'bundle-probe-origin-secret-with-enough-length-0123',
          PUBLIC_BASE_URL: 'https://festivales.example',
          ...(i === 0 && probe ? { PROBE_PATH: probe } : {}),
        },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      runs.push(JSON.parse(output.trim().split('\n').pop()!));
    }
    // The first run also served a request and warmed the disk cache: the others are measured.
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const measured = runs.slice(1);
    return {
      coldMedianMs: median(measured.map((r) => r.ready)),
      coldMinMs: Math.min(...measured.map((r) => r.ready)),
      cpuMedianMs: median(measured.map((r) => r.cpu)),
      probeStatus: runs[0].status,
    };
  } finally {
    rmSync(isolated, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const pad = (value: string, width: number) => value.padEnd(width);

const missing = bundleTargets.filter((t) => !existsSync(path.join(root, t.entry)));
if (missing.length) console.warn(`Sin entrada todavía, se omiten: ${missing.map((t) => t.entry).join(', ')}`);
const targets = bundleTargets.filter((t) => !missing.includes(t));

const built = await Promise.all(targets.map(async (target) => ({ target, ...(await bundle(target)) })));
console.log(`Built ${built.length} bundles in ${BUNDLE_ROOT}/<function>/index.mjs.`);
if (buildOnly) process.exit(0);

console.log(
  `\n${pad('function', 14)}${pad('minified', 10)}${pad('gzip', 9)}${pad('cold import cpu (wall min/p50)', 31)}` +
    `${pad('AWS SDK', 9)}${pad('native', 8)}${pad('probe', 7)}result`,
);
let failures = 0;
let slow = 0;
for (const { target, code, awsSdk, native } of built) {
  const m = measure(target);
  const problems: string[] = [];
  if (code.byteLength > MAX_BYTES) problems.push(`${kb(code.byteLength)} > 1 MB`);
  const overTime = m.cpuMedianMs > MAX_COLD_IMPORT_MS;
  if (overTime) slow++;
  const wantsSdk = target.usesAwsSdk ?? target.usesBucket;
  if (awsSdk !== wantsSdk)
    problems.push(awsSdk ? 'has the AWS SDK but does not use it' : 'uses the AWS SDK but does not have it');
  if (m.probeStatus !== null && m.probeStatus >= 500) problems.push(`the probe request got ${m.probeStatus}`);
  problems.push(...nativeProblems(path.join(root, bundleDirOf(target.name)), native));
  if (problems.length || (strict && overTime)) failures++;
  if (overTime) problems.push(`cold import ${m.cpuMedianMs.toFixed(0)} ms of CPU > ${MAX_COLD_IMPORT_MS} ms`);
  console.log(
    pad(target.name, 14) +
      pad(kb(code.byteLength), 10) +
      pad(kb(gzipSync(code).byteLength), 9) +
      pad(`${m.cpuMedianMs.toFixed(0)} ms (${m.coldMinMs.toFixed(0)} / ${m.coldMedianMs.toFixed(0)} ms)`, 31) +
      pad(awsSdk ? 'yes' : 'no', 9) +
      pad(native.join(',') || '-', 8) +
      pad(m.probeStatus === null ? '-' : String(m.probeStatus), 7) +
      (problems.length
        ? `${problems.length === 1 && overTime && !strict ? 'SLOW' : 'FAIL'}: ${problems.join('; ')}`
        : 'ok'),
  );
}
console.log(
  `\nnode ${process.versions.node}; cold import = median CPU time over ${COLD_RUNS - 1} fresh processes (best and median wall time in brackets); ` +
    `targets 1 MB and ${MAX_COLD_IMPORT_MS} ms${slow ? ` (${slow} over the time target${strict ? '' : ', not failing without --strict'})` : ''}.`,
);
if (failures) {
  console.error(`${failures} bundle(s) miss a target.`);
  process.exit(1);
}
