import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleDirOf, bundleTargets, manifestPath, NATIVE_PACKAGES_DIR } from '../../infra/function-bundles';
import { elfMachine, NATIVE_INPUTS, nativeProblems, sharpBinaries } from '../../scripts/native-packages';

/**
 * sharp (photo re-encoding) on Lambda: the bundles `npm run bundle` built (run.sh builds them first)
 * carry sharp beside the code with its linux-arm64 binaries, and load it only when a photo is stored.
 */
const root = path.resolve(import.meta.dirname, '../..');
const AARCH64 = 0xb7;
const storesPhotos = ['admin', 'comments', 'media'];
const bundleDir = (name: string) => path.join(root, bundleDirOf(name));
const code = (name: string) => readFileSync(path.join(bundleDir(name), 'index.mjs'), 'utf8');

describe('sharp in the Lambda bundles', () => {
  it.each(storesPhotos)('%s: loads sharp lazily from beside the bundle, with its arm64 addon and libvips', (name) => {
    expect(code(name)).toContain('import("sharp")');
    // Not inlined and not imported at load time: a cold start that stores no photo never loads it.
    expect(code(name)).not.toMatch(/from\s*"sharp"/);
    expect(existsSync(path.join(bundleDir(name), 'node_modules/sharp/package.json'))).toBe(true);
    const { addon, libvips } = sharpBinaries(bundleDir(name));
    expect(addon).toBeTruthy();
    expect(libvips).toBeTruthy();
    expect(elfMachine(addon!)).toBe(AARCH64);
    expect(elfMachine(libvips!)).toBe(AARCH64);
    expect(nativeProblems(bundleDir(name), ['sharp'])).toEqual([]);
    // A new lockfile for the native packages makes the bundle stale.
    const inputs = Object.keys(JSON.parse(readFileSync(manifestPath(root, name), 'utf8')).inputs);
    expect(inputs).toEqual(expect.arrayContaining(NATIVE_INPUTS));
  });

  it('no other bundle carries native packages', () => {
    for (const target of bundleTargets.filter((t) => !storesPhotos.includes(t.name))) {
      // An import of the package, not the word: the public suffix list (claims) has a '.sharp' domain.
      expect(code(target.name), target.name).not.toMatch(
        /import\(\s*"sharp"\s*\)|from\s*"sharp"|require\(\s*"sharp"\s*\)/,
      );
      expect(existsSync(path.join(bundleDir(target.name), 'node_modules')), target.name).toBe(false);
    }
  });

  it('the bundle check notices a bundle whose binaries are missing or built for another CPU', () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'festivales-native-'));
    try {
      cpSync(bundleDir('media'), copy, { recursive: true });
      const { addon } = sharpBinaries(copy);
      const bytes = readFileSync(addon!);
      bytes.writeUInt16LE(0x3e, 18);
      writeFileSync(addon!, bytes);
      expect(nativeProblems(copy, ['sharp'])).toEqual(['sharp addon is not built for arm64']);
      rmSync(path.join(copy, 'node_modules/@img'), { recursive: true });
      expect(nativeProblems(copy, ['sharp'])).toEqual(['no sharp addon for linux-arm64', 'no libvips for linux-arm64']);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('pins the same sharp as the server runs locally', () => {
    const lambda = JSON.parse(readFileSync(path.join(root, NATIVE_PACKAGES_DIR, 'package-lock.json'), 'utf8'));
    const local = JSON.parse(readFileSync(path.join(root, 'node_modules/sharp/package.json'), 'utf8')) as {
      version: string;
    };
    expect(lambda.packages['node_modules/sharp'].version).toBe(local.version);
    expect(
      JSON.parse(readFileSync(path.join(bundleDir('media'), 'node_modules/sharp/package.json'), 'utf8')).version,
    ).toBe(local.version);
  });

  // The arm64 binaries cannot run here; with this machine's own binaries beside the same bundled
  // package, sharp loads from the bundle's folder and re-encodes an image.
  it.runIf(process.platform === 'linux' && process.arch === 'x64')(
    'the bundled sharp package loads from the bundle folder and works',
    () => {
      const copy = mkdtempSync(path.join(tmpdir(), 'festivales-native-run-'));
      try {
        cpSync(bundleDir('media'), copy, { recursive: true });
        for (const pkg of ['@img/sharp-linux-x64', '@img/sharp-libvips-linux-x64']) {
          cpSync(path.join(root, 'node_modules', pkg), path.join(copy, 'node_modules', pkg), { recursive: true });
        }
        const probe = path.join(copy, 'probe.mjs');
        writeFileSync(
          probe,
          `const { default: sharp } = await import('sharp');
         const png = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#123456' } }).withExif({ IFD0: { Make: 'X' } }).jpeg().toBuffer();
         const out = await sharp(png).jpeg().toBuffer();
         const meta = await sharp(out).metadata();
         console.log(JSON.stringify({ width: meta.width, exif: Boolean(meta.exif), from: import.meta.resolve('sharp') }));`,
        );
        const output = JSON.parse(
          execFileSync(process.execPath, [probe], {
            cwd: copy,
            env: { PATH: process.env.PATH ?? '' },
            encoding: 'utf8',
          }),
        );
        expect(output).toMatchObject({ width: 3, exif: false });
        expect(output.from).toContain(copy);
      } finally {
        rmSync(copy, { recursive: true, force: true });
      }
    },
  );
});
