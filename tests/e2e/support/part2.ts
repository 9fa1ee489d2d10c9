/**
 * Helpers for the part-2 specs (map, calendar, propose, admin, static pages). The network is closed
 * in tests, so map tiles are answered with a local image and no console error appears.
 */
import { deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

let tile: Buffer | undefined;

/** Answers every OpenStreetMap tile request with the local PNG. */
export async function routeMapTiles(page: Page): Promise<void> {
  await page.route(/tile\.openstreetmap\.org\//, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: (tile ??= tilePng()) }));
}

/** axe (WCAG 2 A/AA) on the current page: no serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join('\n  ')}`);
  expect(serious, 'serious or critical axe violations').toEqual([]);
}

/** Accepts the next window.confirm, checking its text (spec §5 admin confirmations). */
export function acceptNextConfirm(page: Page, message: string | RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    page.once('dialog', async (dialog) => {
      try {
        expect(dialog.type()).toBe('confirm');
        if (typeof message === 'string') expect(dialog.message()).toBe(message);
        else expect(dialog.message()).toMatch(message);
        await dialog.accept();
        resolve();
      } catch (error) {
        await dialog.dismiss().catch(() => undefined);
        reject(error);
      }
    });
  });
}

/** A small real PNG (>= 1 KB, the upload minimum of spec §5) for upload tests. */
export function testPng(seed = 0): Buffer {
  // 24x24 RGBA stored uncompressed (2.4 KB), built by hand so no image library is needed.
  const width = 24;
  const height = 24;
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    for (let x = 0; x < width; x++) {
      const o = y * (width * 4 + 1) + 1 + x * 4;
      raw[o] = (x * 10 + seed * 40) & 255;
      raw[o + 1] = (y * 10 + seed * 70) & 255;
      raw[o + 2] = ((x ^ y) * 9 + seed) & 255;
      raw[o + 3] = 255;
    }
  }
  return encodePng(width, height, raw, 0);
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** RGBA rows (each prefixed with filter byte 0) as a PNG; level 0 stores the pixels uncompressed. */
function encodePng(width: number, height: number, raw: Buffer, level = 9): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 256 px map tile: OpenStreetMap's land colour with a faint grid. */
function tilePng(): Buffer {
  const size = 256;
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const o = y * (size * 4 + 1) + 1 + x * 4;
      const line = x % 64 === 0 || y % 64 === 0;
      raw[o] = line ? 214 : 242;
      raw[o + 1] = line ? 210 : 239;
      raw[o + 2] = line ? 204 : 233;
      raw[o + 3] = 255;
    }
  }
  return encodePng(size, size, raw);
}
