import sharp from 'sharp';
import { admin, api, catalogue, expect, sessionFor, person, test, withCookieChoice } from '../support/fixtures';

// A phone screen at 2x: the density where a grid cell as wide as the screen needs the 1280 px copy.
test.use({ deviceScaleFactor: 2 });

test.beforeEach(async ({ page }) => {
  await withCookieChoice(page);
});

test('the gallery serves a resized copy of an uploaded photo, its box reserved before it loads', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const festival = (await catalogue(page))[12];
  const uploader = await sessionFor(page, person('Fotógrafa'));
  const adminSession = await sessionFor(page, admin);
  // A phone-sized photo (1600x1200) with its camera's EXIF, uploaded as the gallery's form does.
  const photo = await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: '#8a3cc8',
      noise: { type: 'gaussian', mean: 110, sigma: 30 },
    },
  })
    .withExif({ IFD0: { Make: 'Festicam' } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const signed = await api(page, uploader.token, 'POST', '/api/media/upload-url', {
    festival_id: festival.id,
    fileName: 'movil.jpg',
    contentType: 'image/jpeg',
    fileSize: photo.byteLength,
  });
  const put = await page.request.put(signed.uploadUrl, { headers: signed.headers, data: photo });
  expect(put.status()).toBe(200);
  const media = await api(page, uploader.token, 'POST', '/api/media/confirm', {
    key: signed.key,
    caption: 'Desde el foso',
  });
  await api(page, adminSession.token, 'PATCH', `/api/admin/media/${media.id}/approve`, { status: 'approved' });

  await page.goto(`/festival/${festival.id}`);
  const thumb = page
    .locator('#galeria')
    .getByRole('button', { name: /^Abrir Desde el foso/ })
    .locator('img');
  await thumb.scrollIntoViewIfNeeded();
  await expect
    .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  // The phone at 2x took the 400 px AVIF copy (two photos a row: a cell about 165 px wide, 331 device
  // pixels), neither the 640 or 1280 px copies nor the 1600 px original, and that copy still fills the cell.
  const current = await thumb.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(current).toMatch(/-400\.avif$/);
  const drawn = await thumb.evaluate(
    (img: HTMLImageElement) => img.getBoundingClientRect().width * window.devicePixelRatio,
  );
  expect(drawn).toBeGreaterThan(300);
  expect(drawn).toBeLessThanOrEqual(400);
  const copy = await page.request.get(current);
  expect(copy.headers()['content-type']).toBe('image/avif');
  expect(Buffer.from(await copy.body()).includes(Buffer.from('Festicam'))).toBe(false);
  // The photo's own size reserves its box, and its placeholder is drawn behind it meanwhile.
  await expect(thumb).toHaveAttribute('width', '1600');
  await expect(thumb).toHaveAttribute('height', '1200');
  expect(await thumb.evaluate((img: HTMLImageElement) => img.style.backgroundImage)).toMatch(
    /^url\("data:image\/png;base64,/,
  );
  await expect(thumb).toHaveAttribute('loading', 'lazy');
});
