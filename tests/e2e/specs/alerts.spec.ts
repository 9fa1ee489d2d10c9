import ICAL from 'ical.js';
import { headerOf } from '../../support/smtp-server';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { admin, api, expect, login, mailTo, person, sessionFor, test, withCookieChoice } from '../support/fixtures';

/** The events of an iCalendar body, read by a real parser. */
function eventsOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const event = new ICAL.Event(v);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      allDay: event.startDate.isDate,
      description: event.description,
    };
  });
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

// Every other test shares this server: everything here is found by names and addresses of its own.
test('a followed artist booked by an admin reaches the bell, the mailbox and the calendar feed', async ({
  page,
  browser,
}, testInfo) => {
  await withCookieChoice(page);
  const tag = Date.now().toString(36);
  const staff = await sessionFor(page, admin);
  const artist = await api(page, staff.token, 'POST', '/api/admin/artists', { name: `Aviso Artista ${tag}` });
  // Worked out together: a run that crosses midnight (UTC) would otherwise expect the feed's end a day off.
  const start = day(50);
  const end = day(52);
  const feedEnd = day(53);
  const festival = await api(page, staff.token, 'POST', '/api/admin/festivals', {
    name: `Festival Aviso ${tag}`,
    description: 'Un festival para probar los avisos.',
    location: 'Bilbao, España',
    start_date: start,
    end_date: end,
    genres: ['House'],
    status: 'approved',
  });

  // The fan follows the artist from its page.
  const me = person('Irene Aviso');
  const session = await login(page, me);
  await page.goto(`/artista/${artist.id}`);
  await page.getByRole('button', { name: 'Seguir', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Siguiendo' })).toHaveAttribute('aria-pressed', 'true');

  // The admin adds the artist to the festival's lineup in the panel, in a browser of their own.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await withCookieChoice(adminPage);
  await login(adminPage, admin);
  await adminPage.goto('/admin');
  await adminPage.getByRole('tab', { name: /^Todos/ }).click();
  await adminPage.getByRole('searchbox', { name: 'Buscar festivales' }).fill(festival.name);
  await adminPage
    .getByRole('row')
    .filter({ hasText: festival.name })
    .getByRole('button', { name: `Ediciones y cartel de ${festival.name}` })
    .click();
  const dialog = adminPage.getByRole('dialog', { name: `Ediciones y cartel: ${festival.name}` });
  await dialog.getByRole('combobox', { name: 'Añadir artista' }).fill(artist.name);
  await dialog.getByRole('option', { name: new RegExp(artist.name) }).click();
  await dialog.getByRole('button', { name: 'Guardar cartel' }).click();
  await expect(dialog.getByText(/Cartel \d{4} guardado: 1 artista/)).toBeVisible();
  await adminContext.close();

  // The bell: one unread, in Spanish, leading to the festival.
  await page.reload();
  await page.getByRole('button', { name: 'Notificaciones (1 sin leer)' }).click();
  const panel = page.getByRole('region', { name: 'Notificaciones' });
  await expect(panel.getByText('Artista', { exact: true })).toBeVisible();
  const line = panel.getByRole('link', { name: new RegExp(`^${artist.name} tocará en ${festival.name} \\(`) });
  await line.click();
  await expect(page).toHaveURL(new RegExp(`/festival/${festival.id}/`));
  await expect(page.getByRole('heading', { level: 1, name: festival.name })).toBeVisible();

  // The email, as the SMTP server received it: both parts, the festival's page, one-click unsubscribe.
  const [mail] = await mailTo(me.email);
  expect(mail.subject).toBe(`${artist.name} en ${festival.name}`);
  expect(mail.text).toContain(`porque sigues a ${artist.name}`);
  expect(mail.text).toContain(`/festival/${festival.id}/`);
  expect(mail.html).toContain(festival.name);
  expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  expect(headerOf(mail, 'List-Unsubscribe')).toMatch(/^<https?:\/\/.+\/api\/users\/email-unsubscribe\?token=[^>]+>$/);

  // Kept among favourites, the festival is in the private calendar feed from '/cuenta'.
  // The toast follows the local change; the feed reads the server's copy, saved by a request of its own.
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/favorites/${festival.id}`) && r.request().method() === 'POST',
  );
  await page
    .getByRole('button', { name: `Añadir ${festival.name} a favoritos` })
    .first()
    .click();
  await expect(page.getByText('Festival añadido a favoritos')).toBeVisible();
  expect((await saved).ok()).toBe(true);
  await page.goto('/cuenta');
  await page.getByRole('button', { name: 'Obtener enlace del calendario' }).click();
  const address = page.getByRole('textbox', { name: 'Dirección del calendario' });
  await expect(address).toHaveValue(/\/api\/feeds\/favorites\/[0-9a-f-]+\.ics$/);
  const feedPath = (url: string) => new URL(url).pathname;
  const first = feedPath(await address.inputValue());
  const feed = await page.request.get(first);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const events = eventsOf(await feed.text());
  expect(events).toContainEqual(expect.objectContaining({ summary: festival.name, start, end: feedEnd, allDay: true }));
  expect(events.find((e) => e.summary === festival.name)!.description).toContain(`Cartel: ${artist.name}`);

  // A new link: the old address stops working, the new one serves the same calendar.
  await page.getByRole('button', { name: 'Renovar enlace' }).click();
  await expect(address).not.toHaveValue(new RegExp(first.replace(/\./g, '\\.') + '$'));
  const second = feedPath(await address.inputValue());
  expect((await page.request.get(first)).status()).toBe(404);
  const renewed = await page.request.get(second);
  expect(renewed.status()).toBe(200);
  expect(eventsOf(await renewed.text()).map((e) => e.summary)).toContain(festival.name);
  await expectNoSeriousA11yViolations(page);

  // The email's unsubscribe link, opened in the browser: a page that names what stops and asks for the click.
  const link = new URL(headerOf(mail, 'List-Unsubscribe')!.slice(1, -1));
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/avisos\/baja\?token=.+&tipo=artists$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dejar de recibir estos correos' })).toBeVisible();
  await expect(
    page.getByText('Pulsa el botón para dejar de recibir por correo los avisos de «Artistas que sigo».'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: testInfo.outputPath(`baja-avisos-${width}.png`) });
  }
  await page.getByRole('button', { name: 'Dejar de recibirlos' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'no te enviaremos más correos de este tipo' })).toBeVisible();
  const prefs = await (
    await page.request.get('/api/users/preferences', { headers: { Authorization: `Bearer ${session.token}` } })
  ).json();
  expect(prefs.channels.artists).toEqual({ inApp: true, email: false, push: true });
  expect(prefs.channels.festivals.email).toBe(true);

  // A link that is not ours lands on a page that says so.
  await page.goto('/api/users/email-unsubscribe?token=1.artists.falso');
  await expect(page).toHaveURL(/\/avisos\/enlace-no-valido$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Enlace no válido' })).toBeVisible();
});

test('the newsletter: the confirmation email confirms, and its unsubscribe link leads to a page whose button unsubscribes', async ({
  page,
}) => {
  await withCookieChoice(page);
  const email = `boletin.${Date.now()}@festivales.example`;
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel('Correo electrónico').fill(email);
  await footer.getByRole('button', { name: 'Suscribirme' }).click();
  await expect(page.getByText('¡Te has suscrito correctamente a nuestra newsletter!')).toBeVisible();

  const [mail] = await mailTo(email);
  expect(mail.subject).toBe('Confirma tu suscripción a la newsletter de Festivales');
  expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  const confirmLink = new URL(/https?:\/\/\S+\/api\/newsletter\/confirm\?token=[0-9a-f-]+/.exec(mail.text!)![0]);
  await page.goto(confirmLink.pathname + confirmLink.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirma tu suscripción' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirmar suscripción' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '¡Suscripción confirmada!' })).toBeVisible();

  const link = new URL(headerOf(mail, 'List-Unsubscribe')!.slice(1, -1));
  expect(link.pathname).toBe('/api/newsletter/unsubscribe');
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/newsletter\/baja\?token=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Darse de baja de la newsletter' })).toBeVisible();
  await page.getByRole('button', { name: 'Darme de baja' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Te has dado de baja de la newsletter. No volverás a recibirla.',
  );
  // The link has done its work: a second click is refused, as a mail program's one-click POST would be.
  const again = await page.request.post(link.pathname + link.search, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(again.status()).toBe(404);
});
