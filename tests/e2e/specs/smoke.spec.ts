import { expect, test } from '../support/fixtures';

test('the home lists the seeded festivals', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: /Sónar/ }).first()).toBeVisible();
});
