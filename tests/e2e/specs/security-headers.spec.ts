import { allowConsoleError, catalogue, expect, test } from '../support/fixtures';

/** Inline <script> elements that would run (JSON-LD data blocks do not), and style attributes. */
function inlineCode(html: string) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].filter(
    ([, attrs]) => !/\bsrc=/.test(attrs) && !/application\/ld\+json/.test(attrs),
  );
  return { scripts: scripts.map(([tag]) => tag), styleAttributes: html.match(/<[^>]+\sstyle=/g) ?? [] };
}

test('pages carry a strict CSP and nothing inline that it would refuse', async ({ page }) => {
  const [festival] = await catalogue(page);
  for (const url of ['/', `/festival/${festival.id}/x`]) {
    const response = await page.request.get(url);
    const csp = response.headers()['content-security-policy'] ?? '';
    expect(csp, url).toContain("frame-ancestors 'none'");
    expect(csp, url).toMatch(/script-src 'self' https:\/\/accounts\.google\.com\/gsi\/client(;|$)/);
    expect(csp, url).not.toContain('unsafe-');
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
    expect(inlineCode(await response.text()), url).toEqual({ scripts: [], styleAttributes: [] });
  }
});

test('a script injected into the page is refused, and the refusal is a console error that fails a test', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: /Sónar/ }).first()).toBeVisible();
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.head.append(script);
  });
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
  // The console-error check of every test (support/fixtures.ts) sees the violation...
  await expect.poll(() => consoleErrors.filter((e) => /Content Security Policy/.test(e))).toHaveLength(1);
  // ...and would fail this one without this line.
  allowConsoleError(page, /Content Security Policy/);
});

test('a CSP violation that a test does not expect fails it', async ({ page }) => {
  // Expected to fail: the console-error check fails this test at teardown. Should it pass, the
  // suite would not notice a CSP violation, and Playwright reports this test as failed.
  test.fail();
  await page.goto('/');
  await expect(page.getByRole('link', { name: /Sónar/ }).first()).toBeVisible();
  const refused = page.waitForEvent(
    'console',
    (msg) => msg.type() === 'error' && /Content Security Policy/.test(msg.text()),
  );
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.head.append(script);
  });
  await refused;
});
