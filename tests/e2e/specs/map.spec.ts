import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import AxeBuilder from '@axe-core/playwright';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { slugify } from '#core/slug';

const withoutAccents = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What a marker shows (a cluster's count, a pin's picture) and its box on the screen. */
const markerRects = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) =>
    els.map((el) => ({
      shows: el instanceof HTMLImageElement ? new URL(el.src).pathname : (el.textContent ?? ''),
      rect: el.getBoundingClientRect().toJSON() as DOMRect,
    })),
  );
type MarkerRect = Awaited<ReturnType<typeof markerRects>>[number];
const sameMarker = (a: MarkerRect, b: MarkerRect) =>
  a.shows === b.shows &&
  (['left', 'top', 'width', 'height'] as const).every((side) => Math.abs(a.rect[side] - b.rect[side]) <= 1);

test.describe('map', () => {
  test(
    'clusters every located festival, searches without accents and links popups to the festival',
    { tag: '@catalogue' },
    async ({ page }) => {
      const festivals: { id: number; name: string; hasValidCoordinates: boolean; genres: string[] }[] = await (
        await page.request.get('/api/festivals')
      ).json();
      const located = festivals.filter((f) => f.hasValidCoordinates).length;
      // A located festival with an accent in its name, searched for without it: Sónar in the seed
      // ('sonar'), in a generated catalogue the first such name no other name contains.
      const key = (name: string) => withoutAccents(name).toLowerCase();
      const target =
        festivals.find((f) => f.hasValidCoordinates && /^Sónar/.test(f.name)) ??
        festivals.find(
          (f) =>
            f.hasValidCoordinates &&
            key(f.name) !== f.name.toLowerCase() &&
            !festivals.some((o) => o.id !== f.id && key(o.name).includes(key(f.name))),
        )!;
      const query = key(target.name);
      const named = new RegExp(`^${escapeRegExp(target.name)}`);
      const href = new RegExp(`^/festival/${target.id}/${slugify(target.name)}`);
      const genre = withoutAccents(target.genres[0]).toUpperCase();

      // The map asks for the markers of the area it shows, never for the whole catalogue.
      const asked: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/festivals')) asked.push(new URL(r.url()).pathname);
      });
      await page.goto('/map');
      await expect(page.getByRole('heading', { level: 1, name: /Mapa de festivales/ })).toBeVisible();
      await expect(page.locator('[data-map-ready="true"]')).toBeVisible();
      await expect(page.getByText(`${located} festivales en el mapa`)).toBeVisible();
      // Clusters (radius 50) at the initial zoom 5, with counts that add up.
      const clusters = page.locator('.festival-cluster');
      await expect(clusters.first()).toBeVisible();
      await expect(page.locator('.leaflet-container')).toHaveAttribute('data-zoom', '5');
      await expectNoSeriousA11yViolations(page);
      expect(asked).toContain('/api/festivals/map');
      expect(asked).not.toContain('/api/festivals');

      // A cluster, chosen with the keyboard, zooms to where it splits.
      const firstCluster = clusters.first();
      const count = Number(await firstCluster.textContent());
      await expect(firstCluster).toHaveAttribute('aria-label', `${count} festivales: acercar`);
      await firstCluster.focus();
      await page.keyboard.press('Enter');
      await expect(page.locator('.leaflet-container')).not.toHaveAttribute('data-zoom', '5');

      // Accent-insensitive search over the name zooms to the first result (zoom 10).
      await page.getByRole('searchbox', { name: 'Buscar en el mapa' }).fill(query);
      await expect(page.getByRole('status').filter({ hasText: `para «${query}»` })).toBeVisible();
      await expect(page.locator('.leaflet-container')).toHaveAttribute('data-zoom', '10');
      const result = page
        .getByRole('list', { name: 'Resultados de la búsqueda' })
        .getByRole('button', { name: named })
        .first();
      await result.click();
      const popup = page.locator('.leaflet-popup');
      await expect(popup).toBeVisible();
      const link = popup.getByRole('link', { name: named });
      await expect(link).toHaveAttribute('href', href);
      await expect(popup.getByRole('button', { name: 'Cerrar' })).toBeVisible();
      // Leaflet's own marker image, bundled by Vite (inlined or under /assets), never from a CDN
      // (checked here, where the festival stands alone: a large catalogue shows only clusters at first).
      const icon = await page.locator('img.leaflet-marker-icon').first().getAttribute('src');
      expect(icon).toMatch(/^(data:image\/png;base64,|\/assets\/marker-icon)/);

      // Search also covers genres and descriptions.
      await page.getByRole('searchbox', { name: 'Buscar en el mapa' }).fill(genre);
      await expect(
        page.getByRole('status').filter({ hasText: new RegExp(`resultados? para «${escapeRegExp(genre)}»`) }),
      ).toBeVisible();
      await page.getByRole('searchbox', { name: 'Buscar en el mapa' }).fill('zzzz');
      await expect(page.getByText('No se encontraron festivales para «zzzz».')).toBeVisible();
      await page.getByRole('searchbox', { name: 'Buscar en el mapa' }).fill('');
      await expect(page.getByText(`${located} festivales en el mapa`)).toBeVisible();
      await expect(page.locator('.leaflet-container')).toHaveAttribute('data-zoom', '5');

      // A popup link goes to the festival page through the router. As above, the result is clicked
      // once the search has taken the map to it (zoom 10), and the link once its popup is open: once in
      // a run on the generated catalogue, a click made during that move left the page on /map.
      await page.getByRole('searchbox', { name: 'Buscar en el mapa' }).fill(query);
      await expect(page.getByRole('status').filter({ hasText: `para «${query}»` })).toBeVisible();
      await expect(page.locator('.leaflet-container')).toHaveAttribute('data-zoom', '10');
      await page
        .getByRole('list', { name: 'Resultados de la búsqueda' })
        .getByRole('button', { name: named })
        .first()
        .click();
      await expect(page.locator('.leaflet-popup')).toBeVisible();
      await page.locator('.leaflet-popup').getByRole('link', { name: 'Ver festival →' }).click();
      await expect(page).toHaveURL(new RegExp(`/festival/${target.id}/${slugify(target.name)}`));
      await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();
    },
  );

  test('works on a phone', { tag: '@catalogue' }, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/map');
    await expect(page.locator('[data-map-ready="true"]')).toBeVisible();
    const box = await page.locator('.festival-map').boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    expect(box!.height).toBeGreaterThan(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Only the markers on and around the small screen are in the page: with a large catalogue,
    // fewer than the hundred-odd clusters the whole world has at this zoom.
    const world: { markers: unknown[] } = await (await page.request.get('/api/festivals/map?zoom=5')).json();
    await expect(page.locator('.festival-cluster').first()).toBeVisible();
    if (world.markers.length >= 100)
      expect(await page.locator('.leaflet-marker-icon').count()).toBeLessThan(world.markers.length);
    // Markers and clusters are touch targets of at least 24x24 px that neither one another nor a map control covers
    // (WCAG 2.2 target size), at the first view and one zoom step in.
    for (const zoom of ['5', '6']) {
      if (zoom !== '5') await page.getByRole('button', { name: 'Acercar', exact: true }).click();
      await expect(page.locator('.leaflet-container')).toHaveAttribute('data-zoom', zoom);
      await expect(page.locator('.festival-cluster').first()).toBeVisible();
      const { violations } = await new AxeBuilder({ page })
        .include('.festival-map')
        .withRules(['target-size'])
        .analyze();
      expect(
        violations.flatMap((v) =>
          v.nodes.map(
            (n) =>
              `${n.target.join(' ')} (next to ${n.any
                .flatMap((c) => c.relatedNodes ?? [])
                .map((r) => r.target.join(' '))
                .join(', ')}): ${n.failureSummary}`,
          ),
        ),
      ).toEqual([]);
    }
  });

  test(
    'reached from another screen, draws its first tiles and markers at once as plain images, exactly where the map then draws them, until its own are in',
    { tag: '@catalogue' },
    async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      // The tiles held back: the page's copies and the map's own tiles are then both in the page.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/^https:\/\/tile\.openstreetmap\.org\//, async (route) => {
        await held;
        await route.fallback();
      });
      // Reached from the home, the map page draws its first view itself (index.html's copy is drawn
      // only when the site is opened on /map).
      await page.goto('/');
      await page.getByRole('link', { name: 'Ver mapa' }).click();
      await expect(page).toHaveURL('/map');
      await expect(page.locator('[data-map-ready="true"]')).toBeVisible();
      await expect(page.locator('#boot-map')).toHaveCount(0);
      const rects = (selector: string) =>
        page.locator(selector).evaluateAll((imgs) =>
          imgs.map((img) => ({
            src: (img as HTMLImageElement).src,
            rect: img.getBoundingClientRect().toJSON() as DOMRect,
          })),
        );
      const copies = await rects('.map-preview-tiles img');
      const tiles = await rects('.leaflet-tile');
      expect(copies.length).toBeGreaterThan(0);
      // The centre tile is under the middle of the map's box.
      const frame = (await page.locator('.map-frame').boundingBox())!;
      const middle = { x: frame.x + frame.width / 2, y: frame.y + frame.height / 2 };
      expect(
        copies.some(
          (c) =>
            c.rect.left <= middle.x && middle.x < c.rect.right && c.rect.top <= middle.y && middle.y < c.rect.bottom,
        ),
      ).toBe(true);
      for (const copy of copies) {
        const tile = tiles.find((t) => t.src === copy.src);
        expect(tile, copy.src).toBeDefined();
        expect(Math.abs(tile!.rect.left - copy.rect.left)).toBeLessThanOrEqual(1);
        expect(Math.abs(tile!.rect.top - copy.rect.top)).toBeLessThanOrEqual(1);
      }
      // The markers too: every copy lies under the map's own marker, with the same count or picture.
      const copiedMarkers = await markerRects(page, '.map-preview .map-preview-cluster, .map-preview .map-preview-pin');
      const markers = await markerRects(page, '.festival-map .leaflet-marker-icon');
      expect(copiedMarkers.length).toBeGreaterThan(0);
      for (const copy of copiedMarkers)
        expect(
          markers.some((m) => sameMarker(m, copy)),
          JSON.stringify(copy),
        ).toBe(true);

      release();
      await expect(page.locator('.map-preview')).toHaveCount(0);
      await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible();
    },
  );

  test(
    "index.html draws the map page's first screen with its tiles and markers before the app starts, where the app then draws it",
    { tag: '@catalogue' },
    async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      // The app's code held back: what shows meanwhile is index.html's copy.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/shell-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      // The tiles held back too, so the map page's first view stays on show until it is checked.
      let releaseTiles = () => {};
      const tilesHeld = new Promise<void>((resolve) => (releaseTiles = resolve));
      await page.route(/^https:\/\/tile\.openstreetmap\.org\//, async (route) => {
        await tilesHeld;
        await route.fallback();
      });
      await page.goto('/map', { waitUntil: 'domcontentloaded' });
      const copy = page.locator('#boot-map');
      await expect(copy.locator('.map-preview img').first()).toBeVisible();
      await expect(copy).toHaveAttribute('aria-hidden', 'true');
      await expect(copy.getByText('festivales en el mapa')).toBeVisible();
      const rects = (selector: string) =>
        page.locator(selector).evaluateAll((els) =>
          els.map((el) => ({
            src: (el as HTMLImageElement).src ?? '',
            rect: el.getBoundingClientRect().toJSON() as DOMRect,
          })),
        );
      const frame = await rects('#boot-map .map-frame');
      const title = await rects('#boot-map h1');
      const copies = await rects('#boot-map .map-preview-tiles img');
      const copiedMarkers = await markerRects(page, '#boot-map .map-preview-cluster, #boot-map .map-preview-pin');
      expect(copiedMarkers.length).toBeGreaterThan(0);
      await page.evaluate(() =>
        Object.assign(document.querySelector('#boot-map .map-preview-cluster, #boot-map .map-preview-pin')!, {
          fromCopy: true,
        }),
      );

      release();
      await expect(page.locator('[data-map-ready="true"]')).toBeVisible();
      await expect(copy).toHaveCount(0);
      // The map page shows the copy's own tiles and markers until Leaflet's are in, rather than drawing them again.
      expect(
        await page.evaluate(
          () =>
            (
              document.querySelector('.map-page .map-preview-cluster, .map-page .map-preview-pin') as {
                fromCopy?: boolean;
              } | null
            )?.fromCopy,
        ),
      ).toBe(true);
      releaseTiles();
      await expect(page.locator('.map-preview')).toHaveCount(0);
      // The app's page lies where the copy was: its title, its map's box and the tiles in it.
      const same = (a: DOMRect, b: DOMRect) =>
        Math.abs(a.left - b.left) <= 1 &&
        Math.abs(a.top - b.top) <= 1 &&
        Math.abs(a.width - b.width) <= 1 &&
        Math.abs(a.height - b.height) <= 1;
      expect(same((await rects('.map-page h1'))[0].rect, title[0].rect)).toBe(true);
      expect(same((await rects('.map-frame'))[0].rect, frame[0].rect)).toBe(true);
      const tiles = await rects('.leaflet-tile');
      for (const c of copies)
        expect(
          tiles.some((t) => t.src === c.src && same(t.rect, c.rect)),
          c.src,
        ).toBe(true);
      // And its markers: each of the copy's is one of the map's, at the same place.
      const markers = await markerRects(page, '.festival-map .leaflet-marker-icon');
      for (const copy of copiedMarkers)
        expect(
          markers.some((m) => sameMarker(m, copy)),
          JSON.stringify(copy),
        ).toBe(true);
    },
  );
});
