import { expect, test, withCookieChoice } from '../support/fixtures';

test.beforeEach(async ({ page }) => {
  await withCookieChoice(page);
});

const festivalNamed = async (page: import('@playwright/test').Page, name: string) => {
  const res = await page.request.get(`/api/festivals?search=${encodeURIComponent(name)}`);
  const list = (await res.json()) as { id: number; name: string }[];
  const found = list.find((f) => f.name === name);
  expect(found, name).toBeTruthy();
  return found!;
};

test("a visitor who favourites two festivals sees 'Para ti' with its reasons and can say 'No me interesa'", async ({
  page,
}) => {
  await page.goto('/');
  // Nothing to go on yet: no row at all.
  await expect(page.getByRole('heading', { name: 'Encuentra tu próximo festival' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Para ti' })).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Buscar' }).fill('Sónar');
  await page.getByRole('button', { name: 'Añadir Sónar a favoritos' }).click();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('Awakenings');
  await page.getByRole('button', { name: 'Añadir Awakenings Summer Festival a favoritos' }).click();

  const row = page.getByRole('list', { name: 'Festivales para ti' });
  await expect(page.getByRole('heading', { name: 'Para ti' })).toBeVisible();
  await expect(row.locator(':scope > li').first()).toBeVisible();
  const reasons = await row.locator('.discover-reason').allTextContents();
  expect(reasons.length).toBeGreaterThan(1);
  for (const reason of reasons)
    expect(reason).toMatch(
      /^(Porque te gusta (Sónar|Awakenings Summer Festival)|Mismo estilo que .+: .+|Cerca de .+|Porque sigues a .+)$/,
    );
  // The favourites themselves are never picks.
  await expect(row.getByRole('link', { name: 'Sónar', exact: true })).toHaveCount(0);

  const first = row.locator(':scope > li').first();
  const name = (await first.getByRole('heading').textContent())!.trim();
  await first.getByRole('button', { name: `No me interesa ${name}` }).click();
  await expect(row.getByRole('link', { name, exact: true })).toHaveCount(0);
  // Kept on the device: still gone after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Para ti' })).toBeVisible();
  await expect(row.getByRole('link', { name, exact: true })).toHaveCount(0);
});

test("the festival page shows 'Festivales parecidos' with what they share, and opens one", async ({ page }) => {
  const sonar = await festivalNamed(page, 'Sónar');
  await page.goto(`/festival/${sonar.id}`);
  const section = page.getByRole('region', { name: 'Festivales parecidos' });
  await section.scrollIntoViewIfNeeded();
  const items = section.getByRole('list', { name: 'Festivales parecidos' }).locator(':scope > li');
  await expect(items.first()).toBeVisible();
  expect(await items.count()).toBeLessThanOrEqual(8);
  await expect(section.locator('.discover-reason').first()).toHaveText(
    /^(Comparten \d+ artistas?: .+|Mismo estilo: .+)$/,
  );
  const target = (await items.first().getByRole('heading').textContent())!.trim();
  await items.first().getByRole('link', { name: target, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: target })).toBeVisible();
});
