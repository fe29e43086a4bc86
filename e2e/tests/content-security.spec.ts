import { expect, test } from '@playwright/test';
import { account, signIn } from './support';

// The server sends a Content-Security-Policy without inline script (apps/server/src/platform/security-headers.ts):
// the app must run under it. Every violation the browser reports is collected from the first script on.
test('the app runs under its Content-Security-Policy, on every top-level page', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const doc = await page.request.get('/');
  const csp = doc.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'self'");
  expect(doc.headers()['x-frame-options']).toBe('SAMEORIGIN');

  await signIn(page, account('zyadmin'));
  for (const path of [
    '/index',
    '/dashboards',
    '/dataManage',
    '/newTaskManagement',
    '/targetTaskManagement',
    '/performance',
  ]) {
    await page.goto(`/#${path}`);
    await expect(page.locator('.zg-header')).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  const violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
  expect(violations).toEqual([]);
});
