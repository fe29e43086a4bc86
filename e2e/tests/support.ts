import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

// What the user reads, written out as the user reads it.
export const TEXT = {
  loginHeading: '账号登录',
  loginFailed: '登录失败',
  badCredentials: '工号或密码错误',
  logout: '退出登录',
  sessionExpired: '登录已过期',
  relogin: '重新登录',
  notSignedIn: '未登录或登录已过期，请重新登录',
  rolesFailed: '获取用户角色组数据失败，需要重新登录',
} as const;

/** The seeded demo accounts (apps/server/src/seed/demo.ts) and the names the header greets them by. */
export const ACCOUNTS = [
  { userId: 'zyadmin', password: 'Admin@2026', name: '系统管理员' },
  { userId: 'fbr01', password: 'Demo@2026', name: '李明' },
  { userId: 'bmfzr01', password: 'Demo@2026', name: '王建国' },
  { userId: 'rwfzr01', password: 'Demo@2026', name: '张伟' },
  { userId: 'shr01', password: 'Demo@2026', name: '赵敏' },
  { userId: 'xld01', password: 'Demo@2026', name: '陈伯涛' },
  { userId: 'sjgl01', password: 'Demo@2026', name: '孟晓燕' },
] as const;

export type Account = (typeof ACCOUNTS)[number];
/** Who signs in: a demo account, or another seeded user with the demo password. */
export type Credentials = { userId: string; password: string; name: string };

export function account(userId: Account['userId']): Account {
  const found = ACCOUNTS.find((a) => a.userId === userId);
  if (!found) throw new Error(`no demo account ${userId}`);
  return found;
}

const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));

/** Keeps a full-page screenshot of the journey in e2e/artifacts/. */
export async function keepScreenshot(page: Page, name: string) {
  mkdirSync(artifacts, { recursive: true });
  // Finished animations: a dialog caught while it zooms in would look like it overlaps the page.
  await page.screenshot({ path: `${artifacts}${name}.png`, fullPage: true, animations: 'disabled' });
}

/**
 * How long a freshly loaded page may take to show the home page: it fetches the shell's and the home page's code, which
 * on the 2-core machine with both lanes' browsers busy took over 10 s a few times in a full run (then showed as usual).
 */
export const FIRST_PAGE_MS = 30_000;

/** Fills in and submits the sign-in form (the page must show it). */
export async function submitSignIn(page: Page, userId: string, password: string) {
  await page.getByLabel('工号').fill(userId);
  await page.getByLabel('密码').fill(password);
  // antd spaces out a two-character button label: "登 录".
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** Signs in from /login and waits until the follow-up loads of the sign-in flow have answered. */
export async function signIn(page: Page, who: Credentials) {
  await page.goto('/#/login');
  await expect(page.getByRole('heading', { name: TEXT.loginHeading })).toBeVisible();
  const lastLoad = page.waitForResponse((r) => r.url().includes('/api/user/userTypeList'));
  await submitSignIn(page, who.userId, who.password);
  await expect(page).toHaveURL(/#\/index$/);
  expect((await lastLoad).status()).toBe(200);
  await expect(page.getByText(`欢迎，${who.name}`)).toBeVisible({ timeout: FIRST_PAGE_MS });
}

/** The login record the tab keeps in session storage, or null. */
export function storedRecord(page: Page): Promise<unknown> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('loginRecord') ?? 'null'));
}

/** Top-level menu labels by key, in catalogue order (packages/contract menus.ts); dashboards is hidden in the bar. */
export const TOP_MENUS = [
  ['homePage', '首页'],
  ['dataScreen', '数据大屏'],
  ['standard', '目标标准'],
  ['improvement', '诊断改进'],
  ['performance', '绩效中心'],
  ['qualityReport', '质量报告'],
  ['developCenter', '发展中心'],
  ['intelligentAnalysis', '智能分析'],
  ['dataCollection', '数据采集'],
  ['dataManagement', '数据管理'],
  ['annualWbs', '年度目标分解'],
  ['wbs', '目标任务管理'],
  ['system', '系统管理'],
] as const;

/**
 * Menu keys that have a page in this build (apps/web/src/app/routes.tsx MENU_PAGES): the shell lists a granted
 * menu only when its page exists. Add a key here when its module's page lands.
 */
export const KEYS_WITH_PAGES: readonly string[] = [
  'homePage',
  'dataScreen',
  'standard',
  'improvement',
  'dataCollection',
  'dataManagement',
  'annualWbs',
  'wbs',
  'performance',
  'system',
  'qualityReport',
  'intelligentAnalysis',
  'developCenter',
];

/**
 * Opens a header module as a user would: from the bar, or from 更多 when the bar has folded it (a role with many
 * modules, at the test's window width).
 */
export async function openModule(page: Page, module: string) {
  const item = page.locator('.zg-header').getByRole('menuitem', { name: module, exact: true });
  if (await item.isVisible()) await item.click();
  else {
    await page.locator('.zg-header .ant-menu-overflow-item-rest').hover();
    await page.locator('.ant-menu-submenu-popup').getByRole('menuitem', { name: module, exact: true }).click();
  }
}

/** Opens an item of the header's user menu (个人中心 / 修改密码 / 退出登录). */
export async function openUserMenu(page: Page, item: string) {
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** A critical or serious axe finding, named with the page it was on. */
export interface Finding {
  page: string;
  rule: string;
  impact: string;
  targets: string[];
}

/** Waits until the page has no loading spinner or skeleton left. */
export async function settle(page: Page) {
  await expect(page.locator('.zg-content__loading')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('.ant-skeleton-active')).toHaveCount(0, { timeout: 15_000 });
}

/**
 * Waits for the running finite CSS transitions and animations (a button turning from disabled grey to blue, a dialog
 * zooming in): axe measuring colours half-way through one reports a contrast that the settled page does not have.
 */
async function finishTransitions(page: Page) {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]),
  );
}

/**
 * Runs axe-core (WCAG 2.1 A/AA) on the settled page (or only the part `only` selects) and adds its critical and
 * serious violations to `findings`.
 */
export async function audit(page: Page, where: string, findings: Finding[], only?: string) {
  await settle(page);
  await finishTransitions(page);
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (only) builder.include(only);
  const result = await builder.analyze();
  for (const v of result.violations) {
    if (v.impact !== 'critical' && v.impact !== 'serious') continue;
    findings.push({
      page: where,
      rule: v.id,
      impact: v.impact,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    });
  }
}

/**
 * The bar lists, in catalogue order, the top-level menus whose key is in the login record's menu map, that are not
 * hidden in the bar (仪表盘自定义), whose feature flag is on (年度目标分解: on in the demo), and that have a page.
 */
export async function expectGrantedMenus(page: Page, who: Credentials) {
  const record = (await storedRecord(page)) as { menus: Record<string, string> };
  const expected = TOP_MENUS.filter(([key]) => key in record.menus && KEYS_WITH_PAGES.includes(key)).map(
    ([key, label]) => record.menus[key]?.trim() || label,
  );
  const shown = page.locator('.zg-header .ant-menu-overflow-item:not(.ant-menu-overflow-item-rest) [data-menu-key]');
  await expect(shown).toHaveText(expected);
  // 首页 is granted to every role; data management only to the administrator and the data office here.
  expect(expected[0]).toBe('首页');
  expect(expected.includes('数据管理')).toBe(who.userId === 'zyadmin' || who.userId === 'sjgl01');
}

/**
 * Picks a user by 工号 and waits until the field shows the choice (a click while a search's answer replaces the
 * options can miss it, leaving the field empty: it is then tried again; a field that shows the user already is left alone, so a multiple one is not toggled off).
 */
export async function pickUser(dialog: Locator, page: Page, label: string, userId: string) {
  const box = dialog.getByRole('combobox', { name: label, exact: true });
  const field = dialog.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: label, exact: true }) });
  await expect(async () => {
    if (((await field.textContent()) ?? '').includes(userId)) return;
    await box.click();
    await box.fill(userId);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: userId })
      .first()
      .click({ timeout: 5_000 });
    await expect(field).toContainText(userId, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
