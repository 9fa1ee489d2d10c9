import type { Page } from '@playwright/test';
import {
  allowConsoleError,
  api,
  catalogue,
  expect,
  person,
  sessionFor,
  test,
  withCookieChoice,
} from '../support/fixtures';

/**
 * One browser, two people: whatever way A's session ends, B who signs in next on the same browser,
 * offline or online, sees nothing of A's (a pending proposal read with A's session, A's favourites and
 * timetable picks), and nothing of the device's joins B's account without asking.
 */
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  test.slow();
  await withCookieChoice(page);
});

async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** The festival of the home's n-th card. */
async function cardFestival(page: Page, festivals: { id: number; name: string }[], n: number) {
  const name = await page.getByRole('article').nth(n).getByRole('heading').textContent();
  return festivals.find((f) => f.name === name)!;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const endings = {
  "'Cerrar sesión'": async (page: Page) => {
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Menú de / })
      .click();
    await page.getByRole('banner').getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
  },
  "'Cerrar sesión en todos los dispositivos'": async (page: Page) => {
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Menú de / })
      .click();
    await page.getByRole('banner').getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }).click();
  },
  // Ended elsewhere (all devices from the phone, or the session expired): the next profile check says 401.
  'a session revoked elsewhere': async (page: Page, token: string) => {
    await api(page, token, 'POST', '/api/users/logout-all');
    await page.reload();
  },
  // Any request refused with 401 while browsing ends it too (here: the next favourite, still on the page).
  'a 401 on a request': async (page: Page, token: string) => {
    await api(page, token, 'POST', '/api/users/logout');
    await page
      .getByRole('button', { name: /^Añadir .* a favoritos$/ })
      .first()
      .click();
  },
};

for (const [ending, endSession] of Object.entries(endings)) {
  test(`after ${ending}, the next person on the browser sees none of it, offline or online`, async ({
    page,
    context,
  }) => {
    allowConsoleError(page, /status of 401|status of 404|status of 503|ERR_INTERNET_DISCONNECTED/);
    const festivals = await catalogue(page);
    const a = await sessionFor(page, person('Ana Compartida'));
    const proposal = await api(page, a.token, 'POST', '/api/festivals', {
      name: `Propuesta De Ana ${Date.now()}`,
      description: 'Solo la ve quien la propuso.',
      location: 'Oviedo, España',
      start_date: day(90),
      end_date: day(91),
    });
    await page.goto('/');
    await controlled(page);
    await page.evaluate((token) => localStorage.setItem('google_token', token), a.token);
    await page.reload();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Menú de Ana Compartida' })).toBeVisible();

    // A reads her pending proposal (with her session), favourites a festival and picks a set.
    await page.goto(`/festival/${proposal.id}`);
    await expect(page.getByRole('heading', { level: 1, name: proposal.name })).toBeVisible();
    await page.goto('/');
    const favourite = await cardFestival(page, festivals, 1);
    await page.getByRole('button', { name: `Añadir ${favourite.name} a favoritos` }).click();
    await expect(page.getByText('Festival añadido a favoritos')).toBeVisible();
    await page.evaluate(
      (id) => localStorage.setItem(`timetable:${id}`, JSON.stringify({ picks: [1], unsynced: false })),
      favourite.id,
    );

    await endSession(page, a.token);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(localStorage).filter((k) => /^(google_token|favoriteFestivals|favorites|timetable:)/.test(k)),
        ),
      )
      .toEqual([]);
    expect(await page.evaluate(async (id) => Boolean(await caches.match(`/api/festivals/${id}`)), proposal.id)).toBe(
      false,
    );

    // Offline: the proposal is not on the device, nor A's favourite.
    await context.setOffline(true);
    await page.goto(`/festival/${proposal.id}`);
    await expect(page.getByRole('heading', { name: 'No se pudo cargar el festival' })).toBeVisible();
    await expect(page.getByRole('heading', { name: proposal.name })).toHaveCount(0);
    await page.goto('/favorites');
    await expect(page.getByRole('link', { name: favourite.name, exact: true })).toHaveCount(0);
    await context.setOffline(false);

    // Online, B signs in: nothing to add from the device (no question), and none of A's data.
    let asked: string | null = null;
    page.on('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByText('¡Bienvenido/a Usuario Demo!')).toBeVisible();
    expect(asked).toBeNull();
    const b = await page.evaluate(() => localStorage.getItem('google_token'));
    expect(await api(page, b!, 'GET', '/api/favorites')).not.toContain(favourite.id);
    await page.goto(`/festival/${proposal.id}`);
    await expect(page.getByRole('heading', { name: proposal.name })).toHaveCount(0);
    await page.goto('/favorites');
    await expect(page.getByRole('link', { name: favourite.name, exact: true })).toHaveCount(0);
    await page.getByRole('banner').getByRole('button', { name: 'Menú de Usuario Demo' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
  });
}

test('favourites kept on the device join an account only if the person says so', async ({ page }) => {
  const festivals = await catalogue(page);
  await page.goto('/');
  const left = await cardFestival(page, festivals, 2);
  await page.getByRole('button', { name: `Añadir ${left.name} a favoritos` }).click();
  const questions: string[] = [];
  page.on('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByText('¡Bienvenido/a Usuario Demo!')).toBeVisible();
  expect(questions).toEqual(['¿Añadir el favorito guardado en este dispositivo a tu cuenta?']);
  const token = await page.evaluate(() => localStorage.getItem('google_token'));
  expect(await api(page, token!, 'GET', '/api/favorites')).not.toContain(left.id);
  await expect(page.getByRole('button', { name: `Añadir ${left.name} a favoritos` })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Menú de Usuario Demo' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
});
