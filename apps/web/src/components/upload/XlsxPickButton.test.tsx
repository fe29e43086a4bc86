import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { XlsxPickButton } from './XlsxPickButton';

describe('XlsxPickButton', () => {
  it('hands the picked workbook over at once and lists no upload', async () => {
    const onPick = vi.fn();
    const { container } = render(<XlsxPickButton onPick={onPick}>选择文件</XlsxPickButton>);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('.xlsx');
    const file = new File(['x'], '用户.xlsx');
    fireEvent.change(input, { target: { files: [file] } });
    await vi.waitFor(() => expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ name: '用户.xlsx' })));
    expect(container.querySelector('.ant-upload-list')).toBeNull();
  });

  it('is disabled while an import runs', () => {
    render(
      <XlsxPickButton onPick={() => {}} disabled>
        选择文件
      </XlsxPickButton>,
    );
    expect((screen.getByRole('button', { name: '选择文件' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
