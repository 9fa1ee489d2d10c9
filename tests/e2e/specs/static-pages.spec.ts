import { allowConsoleError, expect, test } from '../support/fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';

const today = new Intl.DateTimeFormat('es-ES', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Madrid',
}).format(new Date());

test.describe('static pages', () => {
  test('About shows the claims, mission, values, timeline and team, and passes axe', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/about');
    for (const claim of ['500+', '25', '50K+', '98%'])
      await expect(page.getByText(claim, { exact: true })).toBeVisible();
    for (const label of ['festivales verificados', 'países europeos', 'usuarios', 'satisfacción']) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
    for (const heading of ['Nuestros valores', 'De una hoja de cálculo a toda Europa', 'Equipo directivo']) {
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(page).toHaveTitle('Sobre nosotros - Festivales');
    await expectNoSeriousA11yViolations(page);
  });

  test('About reveals sections as they scroll into view', async ({ page }) => {
    await page.goto('/about');
    const team = page.getByRole('heading', { name: 'Equipo directivo' });
    await expect(team).toHaveClass(/reveal-pending/);
    await team.scrollIntoViewIfNeeded();
    await expect(team).toHaveClass(/reveal-in/);
    await expect(team).toHaveCSS('opacity', '1');
  });

  test('Aviso Legal has six sections, today as last update, owner placeholders and the AEPD link', async ({ page }) => {
    await page.goto('/legal-notice');
    await expect(page.getByRole('heading', { level: 1, name: 'Aviso Legal' })).toBeVisible();
    await expect(page.locator('.legal-section h2')).toHaveCount(6);
    await expect(page.getByText(`Última actualización: ${today}`)).toBeVisible();
    await expect(page.getByText('[NIF/CIF]')).toBeVisible();
    await expect(page.getByRole('link', { name: /Agencia Española de Protección de Datos/ })).toHaveAttribute(
      'href',
      'https://www.aepd.es',
    );
    await expect(page.getByRole('link', { name: 'legal@festivales.eu' }).first()).toHaveAttribute(
      'href',
      'mailto:legal@festivales.eu',
    );
    await expectNoSeriousA11yViolations(page);
    // The cookie banner's link (/privacy-policy) resolves to the same page.
    await page.goto('/legal');
    await expect(page.getByRole('heading', { level: 1, name: 'Aviso Legal' })).toBeVisible();
  });

  test('Privacy shows one of ten sections at a time, overview first, with the retention and reply-time facts', async ({
    page,
  }) => {
    await page.goto('/privacy');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(10);
    await expect(page.getByRole('tab', { name: /Resumen/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toHaveCount(1);
    await expect(page.getByText(`Última actualización: ${today}`)).toBeVisible();

    await page.getByRole('tab', { name: /Conservación/ }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { name: 'Conservación' })).toBeVisible();
    await expect(panel).toContainText('6 años');
    await expect(panel).toContainText('25 meses');
    await expect(panel).toContainText('3 años desde la última interacción');

    // Keyboard: arrows move between sections.
    await page.getByRole('tab', { name: /Conservación/ }).press('ArrowDown');
    await expect(page.getByRole('tab', { name: /Destinatarios/ })).toBeFocused();
    await expect(panel).toContainText('Espacio Económico Europeo');
    await page.getByRole('tab', { name: /Tus derechos/ }).click();
    for (const right of [
      'Acceso',
      'Rectificación',
      'Supresión',
      'Limitación',
      'Portabilidad',
      'Oposición',
      '48 horas',
      '1 mes',
    ]) {
      await expect(panel).toContainText(right);
    }
    await page.getByRole('tab', { name: /Seguridad/ }).click();
    await expect(panel).toContainText('72 horas');
    await page.getByRole('tab', { name: /Responsable/ }).click();
    await expect(panel).toContainText('microempresa');
    await expect(panel).toContainText('Delegado de Protección de Datos');
    await expectNoSeriousA11yViolations(page);

    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Política de Privacidad' })).toBeVisible();
  });

  test('on a phone the purposes table scrolls in its own box, reachable by keyboard, and the page keeps its width', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/privacy#purposes');
    const table = page.getByRole('region', { name: /finalidades/i });
    await expect(table.getByRole('columnheader', { name: 'Carácter' })).toBeAttached();
    // Nothing overflows the page sideways: it is no wider than the window (less the scrollbar's
    // gutter, which the test browser reserves without drawing a scrollbar).
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await table.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => table.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('Contact sends a message (Enviando..., success, form cleared) and shows the failure text', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByText('Respuesta en 24-48h')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Envíanos un Mensaje' })).toBeVisible();
    await expect(page.getByText('9:00 - 18:00')).toBeVisible();
    await expect(page.getByText('10:00 - 14:00')).toBeVisible();
    await expect(page.getByText('Cerrado')).toBeVisible();
    await expect(page.locator('.testimonial')).toHaveCount(3);
    await expectNoSeriousA11yViolations(page);

    const form = page.getByRole('form', { name: 'Envíanos un Mensaje' });
    // An inquiry card chooses the category and takes the visitor to the form.
    await page.getByRole('button', { name: /Prensa y Medios/ }).click();
    await expect(form.getByLabel('Categoría')).toHaveValue('press');
    await expect(form.getByLabel(/^Nombre/)).toBeFocused();

    await form.getByLabel(/^Nombre/).fill('Marta Ruiz');
    await form.getByLabel(/^Correo electrónico/).fill('marta@example.com');
    await form.getByLabel(/^Asunto/).fill('Entrevista');
    await form.getByLabel(/^Mensaje/).fill('Hola, escribo para una entrevista sobre la escena electrónica.');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect(page.getByRole('button', { name: 'Enviando...' })).toBeDisabled();
    release();
    await expect(page.getByText('¡Mensaje enviado correctamente! Te responderemos pronto.')).toBeVisible();
    await expect(form.getByLabel(/^Nombre/)).toHaveValue('');
    await expect(form.getByLabel(/^Mensaje/)).toHaveValue('');
    await page.unroute('**/api/contact');

    allowConsoleError(page, /status of 500/);
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 500, json: { error: 'Error interno', code: 'internal_error' } }),
    );
    await form.getByLabel(/^Nombre/).fill('Marta Ruiz');
    await form.getByLabel(/^Correo electrónico/).fill('marta@example.com');
    await form.getByLabel(/^Asunto/).fill('Otra');
    await form.getByLabel(/^Mensaje/).fill('Segundo mensaje');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Error al enviar el mensaje. Por favor, inténtalo de nuevo.' }),
    ).toBeVisible();
    // The visitor's text stays for another try.
    await expect(form.getByLabel(/^Mensaje/)).toHaveValue('Segundo mensaje');
  });

  test('Help explains each screen and passes axe', async ({ page }) => {
    await page.goto('/help');
    for (const topic of [
      'Buscar festivales',
      'Mapa',
      'Calendario',
      'Proponer un festival',
      'Galería, votos y denuncias',
      'Panel de administración',
    ]) {
      await expect(page.getByRole('heading', { name: topic, exact: true })).toBeVisible();
    }
    await page.getByText('¿Cómo añado un festival a mi calendario?').click();
    await expect(page.getByText(/se descarga un archivo \.ics/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('share previews', () => {
  test('a festival URL is served with its title, description, image and JSON-LD Event', async ({ page }) => {
    const festivals = await (await page.request.get('/api/festivals?limit=1')).json();
    const festival = festivals[0];
    const res = await page.request.get(`/festival/${festival.id}/cualquier-slug`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${festival.name.replace(/&/g, '&amp;')} - Festivales</title>`);
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/[^"]+"/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
    expect(html).toContain('"@type":["MusicEvent","Festival"]');
    expect((await page.request.get('/festival/99999999')).status()).toBe(404);
    expect(await (await page.request.get('/robots.txt')).text()).toContain('Sitemap:');
    expect(await (await page.request.get('/sitemap.xml')).text()).toContain(`/festival/${festival.id}/`);

    // The SPA still boots from the injected page.
    await page.goto(`/festival/${festival.id}`);
    await expect(page.getByRole('heading', { level: 1, name: festival.name })).toBeVisible();
  });
});
