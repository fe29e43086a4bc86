import { expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, audit as auditPage, type Finding, settle, signIn } from './support';

// Every page each role reaches (the header's modules and each module's sidebar lines, as a user would click them)
// is checked by axe-core against WCAG 2.1 A/AA; a critical or serious violation fails the test, named with its page.
test.describe.configure({ timeout: 600_000 });

/** Opens a header module: from the bar, or from 更多 when the bar has folded it (an administrator has many). */
async function openModule(page: Page, module: string) {
  const item = page.locator('.zg-header').getByRole('menuitem', { name: module, exact: true });
  if (await item.isVisible()) await item.click();
  else {
    await page.locator('.zg-header .ant-menu-overflow-item-rest').hover();
    await page.locator('.ant-menu-submenu-popup').getByRole('menuitem', { name: module, exact: true }).click();
  }
  // The sidebar is redrawn with the module's route: read its lines only once the header marks the module selected
  // (reading them earlier may catch the previous module's sidebar, a longer list than the one to be clicked).
  await expect(page.locator('.zg-header li.ant-menu-item-selected [data-menu-key]')).toHaveText(module);
}

/**
 * What a page offers, as far as axe's rules can tell apart: the distinct controls, headings, labels and column titles
 * of the content area (rows of the same actions count once), not its address: 年度目标分解 and 目标任务管理 show the
 * same pages under two addresses, and a list page another list repeats with the same columns and buttons gives axe
 * nothing new. The roles walk many of the same pages; a page already checked with the same offer (by this role or
 * another: the tests of this file run one after the other in one worker, so they share the set) is not checked
 * again, one that shows a role more or other buttons is. Each role's home page is always checked whole: the header
 * and sidebar (each role's own menus) and the page-level rules (landmarks, title, language) are checked with it; the
 * other pages' content area alone, since the frame around it is the one already checked.
 */
const checked = new Set<string>();
async function offer(page: Page): Promise<string> {
  const parts = await page.locator('.zg-content').evaluate((root) => {
    const seen = new Set<string>();
    for (const el of root.querySelectorAll(
      'button, a, input, textarea, select, label, th, h1, h2, h3, h4, [role="tab"], [role="button"], [role="menuitem"], [role="img"], .ant-empty, .ant-alert, .ant-tag',
    ))
      seen.add(
        `${el.tagName}.${el.getAttribute('role') ?? ''}:${(el.textContent ?? '').trim().slice(0, 40)}:${el.getAttribute('aria-label') ?? ''}`,
      );
    return [...seen].sort();
  });
  return parts.join('\n');
}

async function audit(page: Page, where: string, findings: Finding[], always = false) {
  // A page opened from the sidebar mounts in a new boundary: for its first 200 ms (the spinner's delay) the content
  // area is empty, which settle() alone would take for a settled page.
  await expect(page.locator('.zg-content > :not(.zg-content__loading)').first()).toBeVisible();
  await settle(page);
  const key = await offer(page);
  if (checked.has(key) && !always) return;
  checked.add(key);
  await auditPage(page, where, findings, always ? undefined : '.zg-content');
}

/** The modules whose page shows several tabs below one sidebar line, each at an address or with a list of its own. */
const TABBED_MODULES = new Set(['数据管理', '数据采集', '目标标准']);

/**
 * The page's own tabs (in TABBED_MODULES; the other modules' tabs are parts of one record, reached on their journeys):
 * each one is audited as a page, named after the line it is under.
 */
async function auditTabs(page: Page, module: string, where: string, findings: Finding[]) {
  if (!TABBED_MODULES.has(module)) return;
  const tabs = page.locator('.zg-content .ant-tabs').first().locator('.ant-tabs-nav').first().getByRole('tab');
  const names = await tabs.allTextContents();
  for (const [i, name] of names.entries()) {
    if ((await tabs.nth(i).getAttribute('aria-selected')) === 'true') continue;
    await tabs.nth(i).click();
    await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
    await audit(page, `${where} / ${name}`, findings);
  }
}

/**
 * The sidebar lines walked so far, by module and line (shared like `checked`): a later role opens only the lines no
 * earlier role had. The first account, the administrator, reaches nearly every page with every button; a line another
 * role shares shows the same components with that role's rows, and walking it again for six more roles cost most of
 * this file's ten minutes in a CI run. Each role's home page (its own header, sidebar and to-dos) is still checked
 * whole, and a role's own lines (我的任务, 部门任务 ...) are walked by the first role that has them.
 */
const walked = new Set<string>();

for (const who of ACCOUNTS) {
  test(`axe finds no critical or serious violation on the pages ${who.userId} reaches`, async ({ page }) => {
    const findings: Finding[] = [];
    await signIn(page, who);
    await audit(page, '首页', findings, true);
    const header = page.locator('.zg-header [data-menu-key]');
    const modules = await header.allTextContents();
    const seen = new Set<string>();
    for (const module of modules) {
      await openModule(page, module);
      await settle(page);
      const items = page.locator('.zg-sider .ant-menu-item');
      const lines = await items.allTextContents();
      for (const [i, line] of (lines.length > 0 ? lines : [module]).entries()) {
        if (walked.has(`${module} / ${line}`)) continue;
        walked.add(`${module} / ${line}`);
        if (lines.length > 0) {
          await items.nth(i).click();
          await expect(items.nth(i)).toHaveClass(/ant-menu-item-selected/);
        }
        const path = new URL(page.url()).hash;
        if (seen.has(path)) continue;
        seen.add(path);
        await audit(page, `${module} / ${line}（${path}）`, findings);
        await auditTabs(page, module, `${module} / ${line}`, findings);
      }
    }
    expect(walked.size).toBeGreaterThan(0);
    expect(findings, JSON.stringify(findings, null, 1)).toEqual([]);
  });
}

// The 数据仓库 tab is reached through its tab, not a sidebar line: its list and its dialog, as the data office sees them
// (the drill-down pages are checked along the warehouse journey, warehouse.spec.ts).
test('axe finds no critical or serious violation on the 数据仓库 list and its dialog', async ({ page }) => {
  const findings: Finding[] = [];
  await signIn(page, ACCOUNTS.find((a) => a.userId === 'sjgl01')!);
  await page.goto('/#/dataManage/warehouse');
  await expect(page.getByRole('tab', { name: '数据仓库', selected: true })).toBeVisible();
  await auditPage(page, '数据管理 / 数据仓库', findings);
  await page.getByRole('button', { name: '新增仓库' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await auditPage(page, '数据管理 / 数据仓库 / 新增仓库', findings);
  expect(findings, JSON.stringify(findings, null, 1)).toEqual([]);
});
