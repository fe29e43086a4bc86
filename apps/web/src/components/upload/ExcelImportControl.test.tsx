import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { simpleUploadFailed } from '@zg/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { renderUi } from '../../test/attachments';
import { ExcelImportControl } from './ExcelImportControl';

function renderControl(send: () => Promise<{ count: number }>, onImported = vi.fn()) {
  renderUi(
    <ExcelImportControl
      label="导入常量"
      title="导入常量"
      send={send}
      onImported={onImported}
      reportTitle="导入失败"
      closeText="关闭"
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: '导入常量' }));
  return onImported;
}

async function sendSheet() {
  const file = new File(['x'], '常量.xlsx');
  fireEvent.change(await screen.findByTestId('single-file-input'), { target: { files: [file] } });
  fireEvent.click(screen.getByRole('button', { name: /^确\s*定$/ }));
}

describe('ExcelImportControl', () => {
  it('hands a good sheet’s count on', async () => {
    const onImported = renderControl(async () => ({ count: 12 }));
    await sendSheet();
    await waitFor(() => expect(onImported).toHaveBeenCalledWith(12));
    expect(screen.queryByText('导入失败')).toBeNull();
  });

  it('reports every row problem of a refused sheet in a named list', async () => {
    const refusal = new ApiError(400, undefined, '导入失败，共2处错误：第3行：不能为空；第4行：日期不存在', 'server');
    const onImported = renderControl(() => Promise.reject(refusal));
    await sendSheet();
    const rows = await screen.findByRole('list', { name: '导入失败' });
    expect(
      within(rows)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['第3行：不能为空', '第4行：日期不存在']);
    expect(screen.getByText('导入失败，共2处错误')).toBeTruthy();
    expect(refusal.handled).toBe(true);
    expect(onImported).not.toHaveBeenCalled();
  });

  it('leaves any other failure to the upload dialog', async () => {
    const lost = new ApiError(0, undefined, '网络异常', 'network');
    renderControl(() => Promise.reject(lost));
    await sendSheet();
    expect(await screen.findByText(simpleUploadFailed('常量.xlsx'))).toBeTruthy();
    expect(lost.handled).toBe(false);
    expect(screen.queryByRole('list', { name: '导入失败' })).toBeNull();
  });
});
