/**
 * Native packages beside the Lambda bundles (infra/function-bundles.ts `lambdaNativePackages`):
 * installed once for the Lambda's platform from infra/lambda-native's lockfile into
 * dist/lambda-native, then copied into each bundle that imports them. npm's own --os/--cpu/--libc
 * flags choose the prebuilt binaries, so any machine can bundle for linux-arm64; after the first
 * install npm's cache serves them.
 */
import { execFile } from 'node:child_process';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Metafile } from 'esbuild';
import {
  lambdaArchitecture,
  lambdaNativePackages,
  NATIVE_PACKAGES_DIR,
  nativeInstallFlags,
  sha256,
} from '../infra/function-bundles';

/** Inputs of every bundle that carries native packages: a change to them makes it stale. */
export const NATIVE_INPUTS = [`${NATIVE_PACKAGES_DIR}/package.json`, `${NATIVE_PACKAGES_DIR}/package-lock.json`];
const STAGE_DIR = 'dist/lambda-native';

/** The native packages a bundle imports (esbuild left them external). */
export function nativeImportsOf(metafile: Metafile): string[] {
  const imports = Object.values(metafile.outputs).flatMap((output) => output.imports);
  return lambdaNativePackages.filter((name) =>
    imports.some((i) => i.external && (i.path === name || i.path.startsWith(`${name}/`))),
  );
}

let staged: Promise<string> | undefined;

function stageNativePackages(root: string): Promise<string> {
  staged ??= (async () => {
    const dir = path.join(root, STAGE_DIR);
    const stamp = path.join(dir, '.inputs-sha256');
    const inputsHash = NATIVE_INPUTS.map((file) => sha256(path.join(root, file))).join(' ');
    if (existsSync(stamp) && readFileSync(stamp, 'utf8') === inputsHash && existsSync(path.join(dir, 'node_modules')))
      return dir;
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    for (const file of NATIVE_INPUTS) cpSync(path.join(root, file), path.join(dir, path.basename(file)));
    await promisify(execFile)(
      'npm',
      ['ci', ...nativeInstallFlags, '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'],
      { cwd: dir },
    );
    writeFileSync(stamp, inputsHash);
    return dir;
  })();
  return staged;
}

/** Puts the native packages, built for the Lambda, in `bundleDir`/node_modules. */
export async function copyNativePackages(root: string, bundleDir: string): Promise<void> {
  const stage = await stageNativePackages(root);
  cpSync(path.join(stage, 'node_modules'), path.join(bundleDir, 'node_modules'), { recursive: true });
}

/** ELF e_machine of a shared object: 0xb7 aarch64, 0x3e x86-64. */
export function elfMachine(file: string): number {
  const fd = openSync(file, 'r');
  try {
    const header = Buffer.alloc(20);
    readSync(fd, header, 0, 20, 0);
    if (header.subarray(0, 4).toString('latin1') !== '\x7fELF') return -1;
    return header.readUInt16LE(18);
  } finally {
    closeSync(fd);
  }
}

const ELF_MACHINE: Record<string, number> = { arm64: 0xb7, x86_64: 0x3e };

/** The binaries a bundle's sharp loads on Lambda: its addon and libvips, both for the Lambda's CPU. */
export function sharpBinaries(bundleDir: string): { addon?: string; libvips?: string } {
  const platform = `linux-${lambdaArchitecture}`;
  const find = (dir: string, pattern: RegExp) => {
    const full = path.join(bundleDir, 'node_modules', dir);
    const name = existsSync(full) ? readdirSync(full).find((f) => pattern.test(f)) : undefined;
    return name ? path.join(full, name) : undefined;
  };
  return {
    addon: find(`@img/sharp-${platform}/lib`, /^sharp-.*\.node$/),
    libvips: find(`@img/sharp-libvips-${platform}/lib`, /^libvips-cpp\.so/),
  };
}

/** What is wrong with the native packages beside a bundle that imports `native`. */
export function nativeProblems(bundleDir: string, native: string[]): string[] {
  if (!native.includes('sharp')) return [];
  const { addon, libvips } = sharpBinaries(bundleDir);
  const wanted = ELF_MACHINE[lambdaArchitecture];
  const problems: string[] = [];
  if (!existsSync(path.join(bundleDir, 'node_modules/sharp/package.json')))
    problems.push('imports sharp but has no node_modules/sharp');
  for (const [what, file] of [
    ['sharp addon', addon],
    ['libvips', libvips],
  ] as const) {
    if (!file) problems.push(`no ${what} for linux-${lambdaArchitecture}`);
    else if (elfMachine(file) !== wanted) problems.push(`${what} is not built for ${lambdaArchitecture}`);
  }
  return problems;
}
