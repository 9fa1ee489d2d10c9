import { createServer, type Server } from 'node:http';
import type { Browser, Page } from '@playwright/test';
import { E2E_PUSH_CONTROL_PORT, E2E_SITE_PORT } from '../support/constants';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import {
  admin,
  allowConsoleError,
  api,
  expect,
  login,
  mailTo,
  person,
  sessionFor,
  test,
  type Person,
} from '../support/fixtures';

const day = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** A page of its own, signed in as `who` (an admin, an organiser, a follower at once). */
async function pageFor(browser: Browser, who: Person): Promise<Page> {
  const context = await browser.newContext({ locale: 'es-ES', timezoneId: 'Europe/Madrid', serviceWorkers: 'block' });
  const page = await context.newPage();
  await login(page, who);
  return page;
}

async function newFestival(page: Page, token: string, values: Record<string, unknown>) {
  return api(page, token, 'POST', '/api/admin/festivals', {
    location: 'Valencia, España',
    description: 'Un festival de las pruebas de organización.',
    genres: ['Techno'],
    latitude: 39.47,
    longitude: -0.38,
    ...values,
  });
}

test('a claim by a mailed code, approved by an admin; the organiser pastes a lineup and posts an update a follower sees in the bell', async ({
  page,
  browser,
}) => {
  // Four people, a mail through the outbox and a bell: longer than a usual browser test.
  test.slow();
  const tag = Date.now();
  const organizer = person('Organizadora');
  const follower = person('Seguidora');
  const adminSession = await sessionFor(page, admin);
  const festival = await newFestival(page, adminSession.token, {
    name: `Festival Organizado ${tag}`,
    start_date: day(40),
    end_date: day(41),
    website: `https://organizado-${tag}.es/`,
  });
  const fan = await sessionFor(page, follower);
  await api(page, fan.token, 'POST', `/api/favorites/${festival.id}`);

  // The organiser asks from the festival page and proves it with the code mailed to the domain.
  await login(page, organizer);
  await page.goto(`/festival/${festival.id}`);
  await page.getByRole('link', { name: '¿Organizas este festival?' }).click();
  await expect(page.getByRole('heading', { name: `¿Organizas ${festival.name}?` })).toBeVisible();
  await page.getByRole('textbox', { name: 'Correo del dominio oficial' }).fill(`prensa@organizado-${tag}.es`);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  const [mail] = await mailTo(`prensa@organizado-${tag}.es`);
  const code = /(\d{6})$/.exec(mail.subject ?? '')![1];
  await page.getByRole('textbox', { name: 'Código' }).fill(code);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Verificar código' }).click();
  await expect(page.getByText('Prueba verificada')).toBeVisible();

  // The admin approves it in the 'Organizadores' tab.
  const adminPage = await pageFor(browser, admin);
  await adminPage.goto('/admin');
  await adminPage.getByRole('tab', { name: 'Organizadores' }).click();
  const claim = adminPage.getByRole('listitem').filter({ hasText: festival.name });
  await expect(claim).toContainText(`prensa@organizado-${tag}.es`);
  await expectNoSeriousA11yViolations(adminPage);
  await claim.getByRole('button', { name: 'Aprobar' }).click();
  await expect(adminPage.getByText('Solicitud aprobada')).toBeVisible();
  await adminPage.context().close();

  // The desk: a pasted lineup and an update.
  await page.goto('/organizador');
  await expect(page.getByRole('heading', { level: 2, name: festival.name })).toBeVisible();
  await page.getByRole('textbox', { name: 'Pegar cartel' }).fill(`Artista Organizada ${tag}\nOtra Organizada ${tag}`);
  await page.getByRole('button', { name: 'Previsualizar y añadir' }).click();
  await page.getByRole('button', { name: 'Guardar cartel' }).click();
  await expect(page.getByText(/Cartel \d{4} guardado: 2 artistas/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Título' }).fill(`Horarios publicados ${tag}`);
  await page.getByRole('textbox', { name: 'Texto (Markdown)' }).fill('Ya tenéis los **horarios** en la web.');
  await page.getByRole('button', { name: 'Publicar novedad' }).click();
  await expect(page.getByText('Novedad publicada: les llega a quienes siguen el festival')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The follower: the update in the bell, and on the festival page.
  const fanPage = await pageFor(browser, follower);
  await fanPage.goto('/');
  await fanPage.getByRole('button', { name: /^Notificaciones \(\d+ sin leer\)$/ }).click();
  const panel = fanPage.getByRole('region', { name: 'Notificaciones' });
  await expect(panel.getByRole('link', { name: `${festival.name}: Horarios publicados ${tag}` })).toBeVisible();
  await fanPage.goto(`/festival/${festival.id}`);
  const news = fanPage.getByRole('region', { name: 'Novedades' });
  await expect(news.getByRole('heading', { name: `Horarios publicados ${tag}` })).toBeVisible();
  await expect(news.locator('strong', { hasText: 'horarios' })).toBeVisible();
  await fanPage.context().close();
});

test('a claim by a token published on the official website, served by the test', async ({ page }) => {
  const tag = Date.now();
  let home = '<html><head><title>Web oficial</title></head><body>Hola</body></html>';
  const site: Server = createServer((req, res) =>
    req.url === '/' ? res.writeHead(200, { 'Content-Type': 'text/html' }).end(home) : res.writeHead(404).end(),
  );
  await new Promise<void>((resolve) => site.listen(E2E_SITE_PORT, '127.0.0.1', resolve));
  try {
    const adminSession = await sessionFor(page, admin);
    const festival = await newFestival(page, adminSession.token, {
      name: `Festival con Web ${tag}`,
      start_date: day(50),
      website: `http://127.0.0.1:${E2E_SITE_PORT}/`,
    });
    await login(page, person('Webmaster'));
    await page.goto(`/organizador?reclamar=${festival.id}`);
    await page.getByRole('radio', { name: /Publicando un código en la web oficial/ }).check();
    await page.getByRole('button', { name: 'Obtener el código para la web' }).click();
    const meta = await page.getByLabel('Etiqueta de verificación').innerText();
    expect(meta).toMatch(/^<meta name="festivales-verification" content="[\w-]+">$/);

    allowConsoleError(page, /status of 422/);
    await page.getByRole('button', { name: 'Comprobar la web' }).click();
    await expect(page.getByRole('alert')).toContainText('No encontramos el token');
    home = `<html><head>${meta}</head><body>Hola</body></html>`;
    await page.getByRole('button', { name: 'Comprobar la web' }).click();
    await expect(page.getByText('Prueba verificada')).toBeVisible();
  } finally {
    await new Promise((resolve) => site.close(resolve));
  }
});

test('a set delayed on the day reaches the picker: a push, and the timetable shows the new time once the connection returns', async ({
  page,
  browser,
}) => {
  // The push leaves through the server's worker, every few seconds.
  test.slow();
  const tag = Date.now();
  const adminSession = await sessionFor(page, admin);
  const organizer = person('Directo');
  const organizerSession = await sessionFor(page, organizer);
  const festival = await newFestival(page, adminSession.token, {
    name: `Festival Hoy ${tag}`,
    start_date: day(0),
    end_date: day(0),
  });
  await api(page, adminSession.token, 'POST', `/api/admin/festivals/${festival.id}/organizers`, {
    user_id: organizerSession.user.id,
  });
  const [edition] = await api(page, adminSession.token, 'GET', `/api/festivals/${festival.id}/editions`);
  const saved = await api(page, adminSession.token, 'PUT', `/api/admin/editions/${edition.id}/lineup`, {
    lineup: [
      { artist_name: `Artista en Directo ${tag}`, stage: 'Principal', starts_at: inHours(2), ends_at: inHours(3) },
    ],
  });
  const set = saved.lineup[0];

  // The picker: a device on the push service, and the set in 'Mi horario'.
  const picker = person('Picker');
  const pickerPage = await pageFor(browser, picker);
  const pickerSession = await sessionFor(pickerPage, picker);
  const device = await (await pickerPage.request.post(`http://127.0.0.1:${E2E_PUSH_CONTROL_PORT}/devices`)).json();
  await api(pickerPage, pickerSession.token, 'POST', '/api/push/subscriptions', device.subscription);
  await api(pickerPage, pickerSession.token, 'PUT', `/api/timetables/${festival.id}`, { picks: [set.id] });
  await pickerPage.goto(`/festival/${festival.id}/hoy/horario`);
  await expect(pickerPage.getByRole('button', { name: new RegExp(`Artista en Directo ${tag}`) })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // No signal at the festival while the organiser announces the delay (once the page has loaded all
  // it loads: without the service worker, a part asked for offline would fail).
  await pickerPage.getByRole('contentinfo').waitFor({ state: 'attached' });
  await pickerPage.waitForLoadState('networkidle');
  await pickerPage.context().setOffline(true);

  await login(page, organizer);
  await page.goto('/organizador');
  const live = page.getByRole('form', { name: `Cambio de Artista en Directo ${tag}` });
  await live.getByRole('combobox', { name: 'Cambio' }).selectOption('delayed');
  await live.getByRole('spinbutton', { name: 'Minutos' }).fill('30');
  await live.getByRole('button', { name: 'Avisar del cambio' }).click();
  await expect(page.getByText('Retrasada 30 min')).toBeVisible();

  // The push reaches the device (the server's worker sends every few seconds): within the minute.
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`http://127.0.0.1:${E2E_PUSH_CONTROL_PORT}/devices/${device.id}`)).json()).map(
          (m: { title: string }) => m.title,
        ),
      { timeout: 60_000 },
    )
    .toContain(`Cambio de horario: Artista en Directo ${tag}`);

  // Back online, the timetable reads the sets and today's changes again.
  await pickerPage.context().setOffline(false);
  await expect(pickerPage.getByText('Retrasada 30 min')).toBeVisible();
  const changes = pickerPage.getByRole('region', { name: 'Cambios de hoy' });
  await expect(changes).toContainText(`Artista en Directo ${tag} se retrasa 30 min`);
  await expectNoSeriousA11yViolations(pickerPage);
  await pickerPage.context().close();
});
