import { expect, test } from '@playwright/test';
import { account, keepScreenshot, openUserMenu, signIn, submitSignIn, TEXT } from './support';

test('the personal centre saves contact details, and a bad email shows 邮箱格式不正确！', async ({ page }) => {
  await signIn(page, account('rwfzr01'));
  await openUserMenu(page, '个人中心');
  const dialog = page.getByRole('dialog', { name: '个人中心' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('部门')).toBeDisabled();

  await dialog.getByLabel('邮箱').fill('not-an-email');
  await dialog.getByLabel('联系电话').fill('12345');
  await dialog.getByLabel('QQ').fill('0123');
  await dialog.getByRole('button', { name: '保存修改' }).click();
  await expect(dialog.getByText('邮箱格式不正确！')).toBeVisible();
  await expect(dialog.getByText('联系电话格式不正确！')).toBeVisible();
  await expect(dialog.getByText('QQ格式不正确！')).toBeVisible();
  await keepScreenshot(page, 'profile-invalid');

  await dialog.getByLabel('邮箱').fill('  zhangwei@example.edu.cn ');
  await dialog.getByLabel('联系电话').fill('13800138000');
  await dialog.getByLabel('QQ').fill('123456789');
  await dialog.getByRole('button', { name: /性别/ }).click();
  const sex = page.getByRole('dialog', { name: '选择性别' });
  await sex.getByText('女', { exact: true }).click();
  await sex.getByRole('button', { name: /确\s*定/ }).click();

  const saved = page.waitForResponse((r) => r.url().includes('/api/user/personalInfo/update'));
  // Enter in a field saves, as 保存修改 does.
  await dialog.getByLabel('QQ').press('Enter');
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('用户信息修改成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Saved, trimmed: the dialog shows it again.
  await openUserMenu(page, '个人中心');
  await expect(dialog.getByLabel('邮箱')).toHaveValue('zhangwei@example.edu.cn');
  await expect(dialog.getByRole('button', { name: '性别：女' })).toBeVisible();

  // A change asks before closing.
  await dialog.getByLabel('QQ').fill('987654321');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(page.getByText('个人信息已修改但尚未保存，确定关闭吗？')).toBeVisible();
  await page.getByRole('button', { name: '放弃修改' }).click();
  await expect(dialog).toBeHidden();
});

test('the password change enforces every message, then ends the session', async ({ page }) => {
  // An account no other journey signs in with: if this test stops half-way, the password it changed spoils nothing else.
  const who = { userId: 'bmfzr05', password: 'Demo@2026', name: '吴国栋' } as const;
  await signIn(page, who);
  await openUserMenu(page, '修改密码');
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  const confirm = dialog.getByRole('button', { name: '确认修改' });
  const oldPassword = dialog.getByLabel('旧密码');
  const newPassword = dialog.getByLabel('新密码', { exact: true });
  const copy = dialog.getByLabel('确认新密码');

  await confirm.click();
  await expect(dialog.getByText('请输入旧密码！')).toBeVisible();
  await expect(dialog.getByText('请输入新密码！')).toBeVisible();
  await expect(dialog.getByText('请输入确认新密码！')).toBeVisible();

  await newPassword.fill('   ');
  await copy.fill('   ');
  await expect(dialog.getByText('不能为纯空格！')).toHaveCount(2);

  await newPassword.fill('abcdefg');
  await expect(dialog.getByText('密码必须包含字母和数字,必须大于等于8位！')).toBeVisible();

  await newPassword.fill('Newpass2026');
  await copy.fill('Newpass2027');
  await expect(dialog.getByText('请与新密码一致！')).toBeVisible();
  await newPassword.fill('Newpass2028');
  await expect(dialog.getByText('请与确认新密码一致！')).toBeVisible();
  await keepScreenshot(page, 'password-messages');

  // A wrong old password: the server's message, and the session goes on.
  await newPassword.fill('Newpass2026');
  await copy.fill('Newpass2026');
  await oldPassword.fill('Wrong@2026');
  await confirm.click();
  await expect(page.getByText('旧密码不正确！')).toBeVisible();
  await expect(dialog).toBeVisible();

  await oldPassword.fill(who.password);
  await confirm.click();
  await expect(page.getByText('密码修改成功，请重新登录')).toBeVisible();
  await expect(page).toHaveURL(/#\/login$/);

  // The old password no longer works; the new one does. Put the demo password back for other runs.
  await submitSignIn(page, who.userId, who.password);
  await expect(page.getByRole('dialog', { name: TEXT.loginFailed })).toBeVisible();
  await page.getByRole('dialog', { name: TEXT.loginFailed }).getByRole('button').first().click();
  await submitSignIn(page, who.userId, 'Newpass2026');
  await expect(page).toHaveURL(/#\/index$/);
  await openUserMenu(page, '修改密码');
  await oldPassword.fill('Newpass2026');
  await newPassword.fill(who.password);
  await copy.fill(who.password);
  // Enter in a field sends the form, as 确认修改 does.
  await copy.press('Enter');
  await expect(page).toHaveURL(/#\/login$/);
  await submitSignIn(page, who.userId, who.password);
  await expect(page).toHaveURL(/#\/index$/);
});
