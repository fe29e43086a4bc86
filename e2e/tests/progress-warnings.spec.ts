import { expect, type Locator, type Page, test } from '@playwright/test';
import { executingTask, moveClock, pushedTask } from './progress-api';
import { account, keepScreenshot, openModule, signIn } from './support';

// Progress reports, their audit, urges and the warning-task page, each step by the user who does it, in the browser:
// rwfzr01 (张伟) reports, shr01 (赵敏) audits, fbr01 (李明) urges and watches warnings, bmfzr01 (王建国) accepts.
// The tasks are set up through the API; the warning journey moves the server clock (TEST_HOOKS, see progress-api.ts).
test.describe.configure({ mode: 'serial', timeout: 150_000 });

const stamp = Date.now().toString(36).slice(-5);
const REPORT_TASK = `课程标准修订-${stamp}`;
const URGE_TARGET = `实训基地建设目标-${stamp}`;
const WARN_TASK = `专业群建设-${stamp}`;

const pad = (n: number) => String(n).padStart(2, '0');
/** First and last day of the month `offset` months from now, and its period label (2026年9月). */
function month(offset: number) {
  const now = new Date();
  const first = new Date(now.getFullYear(), now.getMonth() + offset, 1);
  const last = new Date(first.getFullYear(), first.getMonth() + 1, 0);
  const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return {
    start: iso(first),
    end: iso(last),
    key: iso(first).slice(0, 7),
    label: `${first.getFullYear()}年${first.getMonth() + 1}月`,
    plusDays: (days: number) => iso(new Date(last.getFullYear(), last.getMonth(), last.getDate() + days)),
  };
}

/** Opens a sidebar page of 目标任务管理. */
async function openPage(page: Page, label: string) {
  // A toast at the top covers the header menu, and antd keeps it while the pointer is over it: let it go first.
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 15_000 });
  await openModule(page, '目标任务管理');
  await expect(page).toHaveURL(/#\/targetTaskManagement/);
  await page.locator('.zg-sider').getByRole('menuitem', { name: label, exact: true }).click();
}

/** Opens the detail of one of my tasks from 我的任务. */
async function openMyTask(page: Page, name: string) {
  await openPage(page, '我的任务');
  const drawer = page.locator('.ant-drawer').filter({ hasText: '进度管理' });
  // The list may be redrawn by its first answer just as the title is clicked (a full run lost the click once, with
  // another journey's task in the list): click again until the drawer shows.
  await expect(async () => {
    await page.getByRole('button', { name, exact: true }).click();
    await expect(drawer).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  return drawer;
}

function modal(page: Page, title: string) {
  return page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });
}

async function choose(scope: Page | Locator, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`(^|\\s)${option}$`) })
    .first()
    .click();
}

const ok = (dialog: Locator) => dialog.getByRole('button', { name: /确\s*定/ }).click();
const reportRow = (scope: Locator, text: string) => scope.locator('.ant-table-row').filter({ hasText: text });

const first = month(-2);
const last = month(1);

test.beforeAll(async ({ baseURL }) => {
  await executingTask(baseURL!, REPORT_TASK, { start: first.start, end: last.end });
});

test('rwfzr01 reports with an attachment, shr01 rejects with a reason, rwfzr01 resubmits and it passes', async ({
  page,
}) => {
  await signIn(page, account('rwfzr01'));
  let drawer = await openMyTask(page, REPORT_TASK);
  // Periods behind are yellow and outlined.
  await expect(drawer.getByTestId(`period-${first.key}`)).toHaveAttribute('data-schedule', 'block');
  await drawer.getByRole('button', { name: '提交过程报告' }).click();
  let dialog = modal(page, '提交过程报告');
  await choose(dialog, page, '周期', first.label);
  await dialog.getByLabel('进度说明').fill('完成12门课程标准的修订初稿');
  await dialog.getByLabel('完成进度（%）').fill('40');
  await dialog.getByTestId('file-upload-input').setInputFiles({
    name: '课程标准修订说明.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('课程标准修订说明\n'.repeat(50)),
  });
  await expect(dialog.getByTestId('report-file')).toContainText('课程标准修订说明.txt');
  await keepScreenshot(page, 'progress-report-dialog');
  await ok(dialog);
  await expect(page.getByText('提交成功')).toBeVisible();
  await expect(reportRow(drawer, '完成12门课程标准的修订初稿')).toContainText('审核中');
  await reportRow(drawer, '完成12门课程标准的修订初稿').scrollIntoViewIfNeeded();
  await keepScreenshot(page, 'progress-panel-reviewing');

  await signIn(page, account('shr01'));
  await openPage(page, '进度审核');
  const row = page.locator('.ant-table-row').filter({ hasText: REPORT_TASK });
  await expect(row).toContainText(first.label);
  // The attachment opens for the auditor.
  await row.getByRole('button', { name: '附件（1）' }).click();
  const files = modal(page, '附件');
  await expect(files).toContainText('课程标准修订说明.txt');
  await files.locator('.ant-modal-close').click();
  await row.getByRole('button', { name: /审\s*核/ }).click();
  dialog = modal(page, '审核进度报告');
  await dialog.getByLabel('驳回', { exact: true }).check();
  await ok(dialog);
  await expect(dialog.getByText('请填写驳回原因')).toBeVisible();
  await dialog.getByLabel('驳回原因').fill('缺少课程标准修订前后对照表');
  await keepScreenshot(page, 'progress-audit-reject');
  await ok(dialog);
  await expect(page.getByText('审核完成')).toBeVisible();
  await expect(page.locator('.ant-table-row').filter({ hasText: REPORT_TASK })).toHaveCount(0);

  await signIn(page, account('rwfzr01'));
  drawer = await openMyTask(page, REPORT_TASK);
  const rejected = reportRow(drawer, '完成12门课程标准的修订初稿');
  await expect(rejected).toContainText('已驳回');
  await expect(rejected).toContainText('缺少课程标准修订前后对照表');
  dialog = modal(page, '提交过程报告');
  // The drawer's lists refresh after the sign-in: a click that meets a row being replaced is tried again, briefly.
  await expect(async () => {
    await rejected.getByRole('button', { name: '重新提交' }).click({ timeout: 5_000 });
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(dialog).toContainText(first.label);
  await dialog.getByLabel('进度说明').fill('完成12门课程标准修订，附修订前后对照表');
  await ok(dialog);
  await expect(page.getByText('提交成功')).toBeVisible();

  await signIn(page, account('shr01'));
  await openPage(page, '进度审核');
  await page
    .locator('.ant-table-row')
    .filter({ hasText: REPORT_TASK })
    .getByRole('button', { name: /审\s*核/ })
    .click();
  dialog = modal(page, '审核进度报告');
  await expect(dialog).toContainText('附修订前后对照表');
  await ok(dialog);
  await expect(page.getByText('审核完成')).toBeVisible();

  await signIn(page, account('rwfzr01'));
  drawer = await openMyTask(page, REPORT_TASK);
  await expect(reportRow(drawer, '附修订前后对照表')).toContainText('审核通过');
  const circle = drawer.getByTestId(`period-${first.key}`);
  await expect(circle).toHaveAttribute('data-schedule', 'finish');
  await expect(circle.locator('.zg-schedule-circle')).toHaveAttribute('data-filled', 'true');
  await circle.scrollIntoViewIfNeeded();
  await keepScreenshot(page, 'progress-panel-passed');
});

test('fbr01 urges 教务处 about a target not set, and bmfzr01 accepts it on the home page', async ({
  page,
  baseURL,
}) => {
  await pushedTask(baseURL!, URGE_TARGET, { start: month(0).start, end: month(2).end });
  await signIn(page, account('fbr01'));
  await openPage(page, '督办管理');
  await choose(page, page, '年度目标', URGE_TARGET);
  const row = page.locator('.ant-table-row').filter({ hasText: '教务处' });
  await expect(row).toContainText('目标未设定');
  await row.getByRole('button', { name: /督\s*办/ }).click();
  const dialog = modal(page, '督办部门');
  await dialog.getByLabel('督办内容').fill('请于本周内接收并分解任务');
  await ok(dialog);
  await expect(page.getByText('督办已发送（1个）')).toBeVisible();
  await expect(row).toContainText('已督办');
  await keepScreenshot(page, 'urge-departments');

  await signIn(page, account('bmfzr01'));
  const urges = page.locator('.zg-home__urges');
  const item = urges.getByRole('listitem').filter({ hasText: URGE_TARGET });
  await expect(item).toContainText('请于本周内接收并分解任务');
  await expect(item).toContainText('目标未设定');
  await keepScreenshot(page, 'urge-home');
  await item.getByRole('button', { name: '接收督办' }).click();
  await expect(urges.getByRole('listitem').filter({ hasText: URGE_TARGET })).toHaveCount(0);

  await signIn(page, account('fbr01'));
  await openPage(page, '督办管理');
  await page.getByRole('tab', { name: '督办记录' }).click();
  await expect(page.locator('.ant-table-row').filter({ hasText: URGE_TARGET })).toContainText('已处理');
});

test('the warning-task page counts warnings as the server clock passes the deadlines', async ({ page, baseURL }) => {
  const m = month(0);
  const next = month(1);
  const third = month(2);
  await executingTask(baseURL!, WARN_TASK, { start: m.start, end: third.end });
  try {
    await signIn(page, account('fbr01'));
    await openPage(page, '预警任务');
    const counters = page.getByTestId('warning-counters');
    const search = async () => {
      await page.getByPlaceholder('按任务名称搜索').fill(WARN_TASK);
      await page.getByPlaceholder('按任务名称搜索').press('Enter');
    };
    const expectCounts = async (total: number, process: number, expired: number) => {
      await expect(counters.getByTestId('count-total')).toContainText(String(total));
      await expect(counters.getByTestId('count-process')).toContainText(String(process));
      await expect(counters.getByTestId('count-expired')).toContainText(String(expired));
    };
    await search();
    await expectCounts(0, 0, 0);
    await expect(page.getByText('暂无预警任务')).toBeVisible();

    // A week after this month's deadline its report is still missing, but the seeded process type (过程预警) checks
    // monthly, on the 25th from 09:00: nothing yet.
    await moveClock(baseURL!, `${m.plusDays(8)}T10:00:00`);
    await page.reload();
    await search();
    await expectCounts(0, 0, 0);

    // The next month's check raises one process warning.
    await moveClock(baseURL!, `${next.start.slice(0, 8)}25T10:00:00`);
    await page.reload();
    await search();
    await expectCounts(1, 1, 0);
    const row = page.locator('.ant-table-row').filter({ hasText: WARN_TASK });
    await expect(row).toBeVisible();
    await keepScreenshot(page, 'warning-tasks-process');

    // Two days past the end: the next month's missing report (checked on the 25th) and the overdue warning join it.
    await moveClock(baseURL!, `${third.plusDays(2)}T10:00:00`);
    await page.reload();
    await search();
    await expectCounts(3, 2, 1);
    await choose(page, page, '预警类型', '逾期预警');
    await expectCounts(1, 0, 1);
    await row.getByRole('button', { name: /^预\s*警$/ }).click();
    const records = page.locator('.ant-drawer').filter({ hasText: '的预警记录' });
    await expect(records.getByTestId('warning-record')).toHaveCount(3);
    await expect(records).toContainText('任务已超过结束时间，尚未完成');
    await expect(records).toContainText(`${m.label}的进度报告未按期提交`);
    await keepScreenshot(page, 'warning-tasks-overdue');
    await records.locator('.ant-drawer-close').click();

    // 关注: follow the task from the warning list, find it under 我的关注, and unfollow it there.
    await row.getByRole('button', { name: '关注', exact: true }).click();
    await expect(page.getByText('已关注', { exact: true }).first()).toBeVisible();
    await openPage(page, '我的关注');
    const followed = page.locator('.ant-table-row').filter({ hasText: WARN_TASK });
    await expect(followed).toContainText('逾期未完成');
    await expect(followed).toContainText(`${m.start} ~ ${third.end}`);
    await expect(page.locator('.zg-focus-page .ant-pagination-total-text')).toContainText('共');
    await keepScreenshot(page, 'focus-tasks');
    await followed.getByRole('button', { name: '取消关注' }).click();
    await expect(page.getByText('已取消关注')).toBeVisible();
    await expect(followed).toHaveCount(0);

    // The publisher's warning configuration: the seeded types with their schedules.
    await openPage(page, '预警配置');
    await expect(page.locator('.ant-table-row').filter({ hasText: '周期进度报告在截止日前后' })).toContainText(
      '每月25日9时',
    );
    await keepScreenshot(page, 'warning-config');
  } finally {
    await moveClock(baseURL!, null);
  }
});
