/**
 * A Lambda bundle's cold import: built as `npm run bundle` builds it (infra/function-bundles.ts),
 * into a temporary directory outside the repository so nothing resolves from node_modules, then
 * imported in fresh Node processes until its handler is ready.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { bundleTargets, esbuildOptionsFor, startupOutputs } from '../../infra/function-bundles';
import { repoRoot } from './servers';

const probe = `
const cpu0 = process.cpuUsage();
const started = performance.now();
const mod = await import(process.env.BUNDLE_URL);
const wall = performance.now() - started;
const used = process.cpuUsage(cpu0);
if (typeof mod.handler !== 'function') throw new Error('no handler export');
console.log(JSON.stringify({ wall, cpu: (used.user + used.system) / 1000 }));
`;

export interface BundleImport {
  name: string;
  bytes: number;
  wallMedianMs: number;
  cpuMedianMs: number;
}

export async function measureBundleImport(name: string, runs = 6): Promise<BundleImport> {
  const target = bundleTargets.find((t) => t.name === name);
  if (!target) throw new Error(`No bundle named ${name}`);
  const dir = mkdtempSync(path.join(tmpdir(), `festivales-bench-bundle-${name}-`));
  try {
    const outfile = path.join(dir, 'index.mjs');
    const result = await build({ ...esbuildOptionsFor(target, repoRoot), outdir: dir });
    const bytes = startupOutputs(result.metafile!).reduce((sum, file) => sum + result.metafile!.outputs[file].bytes, 0);
    const samples: { wall: number; cpu: number }[] = [];
    // The first run warms the disk cache and is not counted.
    for (let i = 0; i <= runs; i++) {
      const output = execFileSync(process.execPath, ['--input-type=module', '-e', probe], {
        cwd: dir,
        env: {
          PATH: process.env.PATH ?? '',
          BUNDLE_URL: pathToFileURL(outfile).href,
          // As deployed: what functions/lib/env.ts requires in a Lambda.
          AWS_LAMBDA_FUNCTION_NAME: `festivales-bench-${name}`,
          SESSION_SECRET: 'bench-probe-secret-with-enough-length-0123456789',
          PUBLIC_BASE_URL: 'https://festivales.example',
        },
        encoding: 'utf8',
      });
      if (i > 0) samples.push(JSON.parse(output.trim().split('\n').pop()!));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    return {
      name,
      bytes,
      wallMedianMs: median(samples.map((s) => s.wall)),
      cpuMedianMs: median(samples.map((s) => s.cpu)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
