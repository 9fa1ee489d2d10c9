import type { Page } from '@playwright/test';
import { api, catalogue, expect, login, person, test, withCookieChoice } from '../support/fixtures';

test.beforeEach(async ({ page }) => {
  await withCookieChoice(page);
});

/** The home's card of a festival, found by its heading's link. */
const cardOf = (page: Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('link', { name, exact: true }) });

test("a visitor marks 'Voy' and the count changes on the festival's card", async ({ page }) => {
  await page.goto('/');
  const name = (await page.getByRole('article').nth(3).getByRole('heading').textContent())!;
  const festival = (await catalogue(page)).find((f) => f.name === name)!;
  const before = await (await page.request.get(`/api/festivals/${festival.id}`)).json();
  expect(before.going_count).toBe(0);
  await expect(cardOf(page, name).getByText(/\bvan?\b/)).toHaveCount(0);

  await page.goto(`/festival/${festival.id}`);
  const going = page.getByRole('group', { name: `¿Vas a ir a ${name}?` }).getByRole('button', { name: 'Voy' });
  await going.click();
  await expect(going).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('1 va')).toBeVisible();
  // Kept on the device, like favourites.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('festivalAttendance')!))).toEqual({
    [festival.id]: 'going',
  });

  await page.getByRole('link', { name: 'Volver' }).click();
  await expect(cardOf(page, name).getByText('1 va')).toBeVisible();
});

test("signed in, 'Voy' then 'Me interesa' reach the server and every card shows the counts", async ({
  page,
  browser,
}) => {
  const who = person('Asistente');
  const { token } = await login(page, who);
  await page.goto('/');
  const name = (await page.getByRole('article').nth(4).getByRole('heading').textContent())!;
  const festival = (await catalogue(page)).find((f) => f.name === name)!;
  await page.goto(`/festival/${festival.id}`);
  const choices = page.getByRole('group', { name: `¿Vas a ir a ${festival.name}?` });
  await choices.getByRole('button', { name: 'Voy' }).click();
  await expect(page.getByText('1 va')).toBeVisible();
  await expect
    .poll(() => api(page, token, 'GET', '/api/attendance'))
    .toEqual([{ festival_id: festival.id, status: 'going' }]);
  await choices.getByRole('button', { name: 'Me interesa' }).click();
  await expect(page.getByText('1 interesado')).toBeVisible();
  await expect(choices.getByRole('button', { name: 'Voy' })).toHaveAttribute('aria-pressed', 'false');
  await page.goto('/');
  await expect(cardOf(page, festival.name).getByText('1 interesado')).toBeVisible();
  // Another device of the same person shows their mark.
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await withCookieChoice(elsewhere);
  await login(elsewhere, who);
  await elsewhere.goto(`/festival/${festival.id}`);
  await expect(
    elsewhere
      .getByRole('group', { name: `¿Vas a ir a ${festival.name}?` })
      .getByRole('button', { name: 'Me interesa' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await other.close();
  // Pressed again, the mark goes.
  await page.goto(`/festival/${festival.id}`);
  await choices.getByRole('button', { name: 'Me interesa' }).click();
  await expect(page.getByText('Sé la primera persona en decir si vas.')).toBeVisible();
  await expect.poll(() => api(page, token, 'GET', '/api/attendance')).toEqual([]);
});
