/**
 * Real PNG images made in memory for the browser tests, the benchmarks and the screenshot script:
 * upload samples and a map tile. The network is closed here, so OpenStreetMap tiles are answered
 * with the local tile and a failed tile never reaches the console.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { BrowserContext, Page } from '@playwright/test';

/** A real PNG of about 2.4 KB (over the 1 KB upload minimum), different for each seed. */
export function samplePng(seed = 1): Buffer {
  // 24x24 RGBA stored uncompressed, so its size does not depend on the pixels.
  const width = 24;
  const height = 24;
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
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

let tile: Buffer | undefined;

/** A 256 px map tile: OpenStreetMap's land colour with a faint grid. */
export function mapTilePng(): Buffer {
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

/** Answers every OpenStreetMap tile request of a page or a whole browser context with the local tile. */
export async function routeMapTiles(target: Page | BrowserContext): Promise<void> {
  await target.route(/^https:\/\/([a-z]\.)?tile\.openstreetmap\.org\//, (route) =>
    // OpenStreetMap answers tiles with CORS, which the map asks for (the service worker keeps them).
    route.fulfill({
      status: 200,
      contentType: 'image/png',
      headers: { 'Access-Control-Allow-Origin': '*' },
      body: (tile ??= mapTilePng()),
    }),
  );
}

/** RGBA rows (each prefixed with filter byte 0) as a PNG; level 0 stores the pixels uncompressed. */
function encodePng(width: number, height: number, raw: Buffer, level = 9): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
