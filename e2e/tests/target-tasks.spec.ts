import { expect, type Locator, type Page, test } from '@playwright/test';
import { account, keepScreenshot, openModule, pickUser, signIn } from './support';

// One year target through its decomposition, each step by the user who does it, in the browser, on the demo data:
// fbr01 (李明) publishes, bmfzr01 (王建国, head of 教务处) accepts and decomposes (a child further, 继续分解, so the
// tree is three levels deep), rwfzr01 (张伟) defines and starts the last-level task,
// shr01 (赵敏) approves, xld01 (陈伯涛) reads the tree.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const TARGET = '2026年教学质量提升工程';
const TASKS = [
  { name: '课程思政示范课建设', department: '教务处', type: 'A 双高任务' },
  { name: '教学诊改平台上线', department: '教务处', type: 'B 重点任务' },
  { name: '学生满意度提升', department: '学生工作处', type: 'C 常规任务' },
] as const;
const CHILD = '建设10门课程思政示范课';
/** The child's own child, after the head decomposes the child further: the last-level task that is carried out. */
const LEAF = '首批5门示范课建设';

/** Opens a sidebar page of 目标任务管理. */
async function openPage(page: Page, label: string) {
  // A toast at the top covers the header menu, and antd keeps it while the pointer is over it: let it go first.
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 15_000 });
  await openModule(page, '目标任务管理');
  await expect(page).toHaveURL(/#\/targetTaskManagement/);
  await page.locator('.zg-sider').getByRole('menuitem', { name: label, exact: true }).click();
}

/** Chooses an option of an antd Select found by its accessible name. */
async function choose(scope: Page | Locator, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

/** Searches the user picker and takes the user (shown as 工号 and name). */
async function pickDate(dialog: Locator, label: string, date: string) {
  const input = dialog.getByRole('textbox', { name: label });
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

function card(page: Page, name: string) {
  return page.locator('.zg-task-card').filter({ has: page.getByRole('button', { name, exact: true }) });
}

/** Clicks a card's action (or finds it under 更多) and confirms. */
async function act(page: Page, name: string, action: string) {
  const c = card(page, name);
  const direct = c.getByRole('button', { name: new RegExp(`^${[...action].join('\\s*')}$`) });
  if (await direct.count()) await direct.click();
  else {
    await c.getByRole('button', { name: '更多' }).click();
    await page.getByRole('menuitem', { name: action }).click();
  }
}

/** Switches the task section between 卡片视图 and 树形视图. */
async function view(page: Page, label: string) {
  await page.locator('.ant-segmented-item').filter({ hasText: label }).click();
}

async function confirm(page: Page) {
  const dialog = page.locator('.ant-modal-confirm');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toHaveCount(0);
}

test('fbr01 publishes a year target with three tasks for two departments', async ({ page }) => {
  await signIn(page, account('fbr01'));
  await openPage(page, '目标任务管理');
  // Other journeys may have published targets in this database already: the page lists them or says 暂无年度目标.
  await expect(page.getByRole('button', { name: '新增年度目标' })).toBeVisible();

  await page.getByRole('button', { name: '新增年度目标' }).click();
  const form = page.getByRole('dialog', { name: '新增年度目标' });
  // Saving empty shows the required-field messages and keeps the dialog.
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form.getByText('请输入数据')).toBeVisible();
  await form.getByLabel('年度目标名称').fill(TARGET);
  await choose(form, page, '负责部门', '质量管理办公室');
  await pickUser(form, page, '审核人', 'shr01');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form).toBeHidden();

  const targetCard = page.locator('.zg-year-target').filter({ hasText: TARGET });
  await expect(targetCard).toContainText('质量管理办公室');
  await expect(targetCard).toContainText('赵敏');
  await expect(targetCard).toContainText('李明');
  // The creator gets the edit and delete icons.
  await expect(targetCard.getByRole('button', { name: '编辑' })).toBeVisible();
  await expect(targetCard.getByRole('button', { name: '删除' })).toBeVisible();
  await targetCard.click();

  for (const [i, t] of TASKS.entries()) {
    await page.getByRole('button', { name: '新增任务' }).click();
    const dialog = page.getByRole('dialog', { name: '新增任务' });
    await dialog.getByLabel('任务名称').fill(t.name);
    await choose(dialog, page, '任务类型', t.type);
    await choose(dialog, page, '负责部门', t.department);
    await dialog.getByLabel('权重').fill('30');
    await pickDate(dialog, '开始时间', '2026-01-01');
    if (i === 0) {
      // An end before the start is refused with the spec's message, and nothing is saved.
      await pickDate(dialog, '结束时间', '2025-12-01');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await expect(dialog.getByText('结束时间不能早于开始时间')).toBeVisible();
    }
    await pickDate(dialog, '结束时间', '2026-12-31');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page, t.name)).toContainText('未下发');
  }
  // The task list's own pager (the year-target list above has one too, and other journeys may have left it 3 rows).
  await expect(page.locator('.zg-task-cards + .zg-pagination')).toContainText('当前页3条，共3条');
  await keepScreenshot(page, 'target-tasks-1-published');

  for (const t of TASKS) {
    await act(page, t.name, '下发');
    await confirm(page);
    await expect(card(page, t.name)).toContainText('待接收');
  }
  await view(page, '树形视图');
  await expect(page.locator('.zg-task-tree')).toContainText(TASKS[2].name);
  await keepScreenshot(page, 'target-tasks-2-pushed-tree');
});

test('bmfzr01 accepts one task of 教务处 and decomposes it', async ({ page }) => {
  await signIn(page, account('bmfzr01'));
  await openPage(page, '部门任务');
  // Only 教务处's two tasks: the one of 学生工作处 is not shown to this head.
  await expect(card(page, TASKS[0].name)).toBeVisible();
  await expect(card(page, TASKS[1].name)).toBeVisible();
  await expect(card(page, TASKS[2].name)).toHaveCount(0);
  await act(page, TASKS[0].name, '接收');
  await confirm(page);
  await expect(card(page, TASKS[0].name)).toContainText('待分解');

  await act(page, TASKS[0].name, '分解子任务');
  const dialog = page.getByRole('dialog', { name: `分解子任务：${TASKS[0].name}` });
  await dialog.getByLabel('任务名称').fill(CHILD);
  await pickUser(dialog, page, '负责人', 'rwfzr01');
  // A child outside its parent's dates is refused.
  await pickDate(dialog, '开始时间', '2026-02-01');
  await pickDate(dialog, '结束时间', '2027-01-31');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('子任务的起止时间必须在上级任务的起止时间之内')).toBeVisible();
  await pickDate(dialog, '结束时间', '2026-11-30');
  // Enter in the name field submits the form: the dialog is usable from the keyboard.
  await dialog.getByLabel('任务名称').press('Enter');
  await expect(dialog).toBeHidden();
  await expect(card(page, CHILD)).toContainText('待定义');
  await keepScreenshot(page, 'target-tasks-3-decomposed');

  // 继续分解: the head takes the child back, after a confirmation saying what happens, and splits it one level deeper.
  await act(page, CHILD, '继续分解');
  await expect(page.locator('.ant-modal-confirm')).toContainText('任务将回到待分解');
  await confirm(page);
  await expect(card(page, CHILD)).toContainText('待分解');
  await act(page, CHILD, '分解子任务');
  const deeper = page.getByRole('dialog', { name: `分解子任务：${CHILD}` });
  await deeper.getByLabel('任务名称').fill(LEAF);
  await pickUser(deeper, page, '负责人', 'rwfzr01');
  await pickDate(deeper, '开始时间', '2026-03-01');
  await pickDate(deeper, '结束时间', '2026-10-31');
  await deeper.getByRole('button', { name: /保\s*存/ }).click();
  await expect(deeper).toBeHidden();
  await expect(card(page, LEAF)).toContainText('待定义');
  await act(page, CHILD, '分解完成');
  await confirm(page);
  await expect(card(page, CHILD)).toContainText('执行中');
  await keepScreenshot(page, 'target-tasks-3b-decomposed-further');

  await act(page, TASKS[0].name, '分解完成');
  await confirm(page);
  await expect(card(page, TASKS[0].name)).toContainText('执行中');
});

test('rwfzr01 sees the task and starts it by submitting its definition', async ({ page }) => {
  await signIn(page, account('rwfzr01'));
  await openPage(page, '我的任务');
  await expect(card(page, LEAF)).toContainText('待定义');
  await expect(card(page, LEAF)).toContainText('王建国');
  // The my-task page has no 'wait resolve' state option.
  await page.getByRole('combobox', { name: '任务状态' }).click();
  await expect(page.locator('.ant-select-dropdown:visible')).toContainText('待定义');
  await expect(page.locator('.ant-select-dropdown:visible')).not.toContainText('待分解');
  await page.keyboard.press('Escape');

  await act(page, LEAF, '任务书');
  const mission = page.getByRole('dialog', { name: `任务书：${LEAF}` });
  await mission.getByLabel('任务书').fill('每季度完成2门示范课建设，年底前全部验收。');
  await mission.getByRole('button', { name: /保\s*存/ }).click();
  await expect(mission).toBeHidden();

  await act(page, LEAF, '提交定义');
  await confirm(page);
  await expect(card(page, LEAF)).toContainText('待审核');
  await keepScreenshot(page, 'target-tasks-4-defined');
});

test('shr01 approves the definition and the task runs', async ({ page }) => {
  await signIn(page, account('shr01'));
  await openPage(page, '待审核任务');
  await expect(card(page, LEAF)).toBeVisible();
  await act(page, LEAF, '审核通过');
  await confirm(page);
  await expect(page.getByText('暂无任务')).toBeVisible();
  await openPage(page, '目标任务管理');
  await page.locator('.zg-year-target').filter({ hasText: TARGET }).click();
  await expect(card(page, LEAF)).toContainText('执行中');
  await keepScreenshot(page, 'target-tasks-5-approved');
});

test('xld01 sees the whole tree read-only', async ({ page }) => {
  await signIn(page, account('xld01'));
  await openPage(page, '目标任务管理');
  await expect(page.getByRole('button', { name: '新增年度目标' })).toHaveCount(0);
  const targetCard = page.locator('.zg-year-target').filter({ hasText: TARGET });
  await expect(targetCard).toContainText('进行中');
  await expect(targetCard.getByRole('button', { name: '编辑' })).toHaveCount(0);
  await expect(targetCard.getByRole('button', { name: '删除' })).toHaveCount(0);
  await targetCard.click();
  await expect(page.getByRole('button', { name: '新增任务' })).toHaveCount(0);
  await view(page, '树形视图');
  const tree = page.locator('.zg-task-tree');
  for (const name of [...TASKS.map((t) => t.name), CHILD, LEAF]) await expect(tree).toContainText(name);
  await expect(tree.getByRole('button', { name: /^(继续分解|分解子任务|编\s*辑|删\s*除)$/ })).toHaveCount(0);
  // The cards show no action either: only 文档 and the name that opens the details.
  await view(page, '卡片视图');
  for (const t of TASKS) {
    await expect(card(page, t.name).locator('.ant-card-actions button')).toHaveText([/文\s*档/]);
  }
  await view(page, '树形视图');
  await keepScreenshot(page, 'target-tasks-6-leader-tree');
});
