/**
 * Screenshots of the part-1 screens at 375 and 1280 px (issue #5), for a person to look at.
 *
 *   npx tsx bench/web-screenshots.ts [outDir=/tmp/shots]   # starts `npm start` on a free port
 *   BASE_URL=http://127.0.0.1:3000 npx tsx bench/web-screenshots.ts   # or uses a running site
 *
 * Signs in with the local fallback ('Usuario Demo'), so the server must allow AUTH_DEV_LOGIN.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { withWebServer } from './support/web-server';

await withWebServer(async (base) => {
  const out = process.argv[2] ?? '/tmp/shots';
  mkdirSync(out, { recursive: true });

  const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args });
  const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNQkXcFAADzAIlKu7HnAAAAAElFTkSuQmCC', 'base64');

  async function shot(page: Page, name: string, fullPage = false) {
    await page.waitForTimeout(350);
    await page.screenshot({ path: path.join(out, `${name}.png`), fullPage });
  }

  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: width < 500 ? 812 : 800 }, locale: 'es-ES', reducedMotion: 'reduce' });
    await context.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ contentType: 'image/png', body: tinyPng }));
    const page = await context.newPage();
    const w = `${width}`;

    await page.goto(`${base}/`);
    await page.getByRole('heading', { level: 3 }).first().waitFor();
    await shot(page, `${w}-home-cookie-banner`);
    await page.getByRole('button', { name: 'Configurar' }).click();
    await shot(page, `${w}-cookie-configure`);
    await page.getByRole('button', { name: 'Aceptar Todas' }).click();
    await shot(page, `${w}-home`);
    await page.locator('.results-bar').evaluate((el) => window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - 70 }));
    await shot(page, `${w}-home-results`);
    await page.locator('.site-footer').scrollIntoViewIfNeeded();
    await shot(page, `${w}-footer`);
    await page.evaluate(() => window.scrollTo({ top: 0 }));

    await page.getByLabel('Buscar').fill('zzzz');
    await shot(page, `${w}-home-empty`);
    await page.getByLabel('Buscar').fill('');
    if (width < 500) {
      await page.getByRole('button', { name: /Más filtros/ }).click();
      await shot(page, `${w}-home-filters-open`);
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await shot(page, `${w}-mobile-menu`);
      await page.keyboard.press('Escape');
    }
    await page.getByRole('button', { name: 'Vista en lista' }).click();
    await shot(page, `${w}-home-list`);
    await page.getByRole('button', { name: 'Vista en cuadrícula' }).click();

    await page.goto(`${base}/favorites`);
    await page.getByRole('heading', { name: 'Mis favoritos' }).waitFor();
    await shot(page, `${w}-favorites-empty`);

    await page.goto(`${base}/festival/1`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(800);
    await shot(page, `${w}-festival-top`);
    for (const section of ['informacion', 'ubicacion', 'galeria']) {
      await page.locator(`#${section}`).evaluate((el) => window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - 120 }));
      await shot(page, `${w}-festival-${section}`);
    }
    await page.getByRole('button', { name: /^Abrir .*\(1 de/ }).click();
    await shot(page, `${w}-lightbox`);
    await page.keyboard.press('Escape');

    // Signed in (local fallback) for favourites, comments and the user menu.
    if (width >= 1280) {
      await page.getByRole('button', { name: 'Iniciar sesión' }).first().click();
      await page.getByRole('button', { name: /Menú de/ }).waitFor();
      await page.getByRole('button', { name: /Menú de/ }).click();
      await shot(page, `${w}-user-menu`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Notificaciones' }).click();
      await shot(page, `${w}-notifications`);
      await page.keyboard.press('Escape');
    } else {
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await page.getByRole('button', { name: 'Iniciar sesión' }).last().click();
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await shot(page, `${w}-mobile-menu-signed-in`);
      await page.keyboard.press('Escape');
    }
    await page.locator('#comentarios').evaluate((el) => window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - 120 }));
    await shot(page, `${w}-festival-comments`);
    const fav = page.getByRole('region', { name: /./ }).getByRole('button', { name: /favoritos$/ }).first();
    if ((await fav.getAttribute('aria-pressed')) !== 'true') await fav.click();
    await page.goto(`${base}/favorites`);
    await page.getByRole('heading', { level: 3 }).first().waitFor();
    await shot(page, `${w}-favorites`);
    await page.goto(`${base}/festival/999999`);
    await page.getByRole('heading', { name: 'Festival no encontrado' }).waitFor();
    await shot(page, `${w}-festival-not-found`);
    await context.close();
  }
  await browser.close();
  console.log(`Screenshots in ${out}`);
});
