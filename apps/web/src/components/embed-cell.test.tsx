import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { EditableCell } from './EditableCell';
import { IframeEmbed } from './IframeEmbed';

describe('IframeEmbed', () => {
  it('spins until the page has loaded and carries the fallback text', () => {
    const { container } = render(<IframeEmbed src="https://example.edu.cn/report" title="年度报告" />);
    const frame = screen.getByTitle('年度报告') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('https://example.edu.cn/report');
    expect(frame.textContent).toBe('您的浏览器不支持iframe标签');
    expect(screen.getByRole('status')).toBeTruthy();
    expect(container.textContent).toContain('加载中');
    fireEvent.load(frame);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('spins again for another page', () => {
    const { rerender } = render(<IframeEmbed src="https://a.example/" />);
    fireEvent.load(screen.getByTitle('嵌入页面'));
    rerender(<IframeEmbed src="https://b.example/" />);
    expect(screen.getByRole('status')).toBeTruthy();
  });
});

function Cell({ onSave }: { onSave?: (v: string) => unknown }) {
  const [value, setValue] = useState('原始说明');
  return (
    <EditableCell
      aria-label="说明"
      value={value}
      onSave={async (next) => {
        await onSave?.(next);
        setValue(next);
      }}
    />
  );
}

describe('EditableCell', () => {
  it('turns into an input on click and saves on Enter', async () => {
    const onSave = vi.fn();
    render(<Cell onSave={onSave} />);
    fireEvent.click(screen.getByRole('button', { name: '说明' }));
    const input = screen.getByRole('textbox', { name: '说明' }) as HTMLInputElement;
    expect(input.value).toBe('原始说明');
    expect(input.maxLength).toBe(500);
    fireEvent.change(input, { target: { value: '新的说明' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByRole('button', { name: '说明' })).toBeTruthy();
    expect(screen.getByText('新的说明')).toBeTruthy();
    // Enter blurs the input on its way out: one save only.
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith('新的说明');
  });

  it('saves on blur, keeps at most 500 characters, and does not save an unchanged text', async () => {
    const onSave = vi.fn();
    render(<Cell onSave={onSave} />);
    fireEvent.click(screen.getByRole('button', { name: '说明' }));
    fireEvent.blur(screen.getByRole('textbox', { name: '说明' }));
    await screen.findByRole('button', { name: '说明' });
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: '说明' }));
    fireEvent.change(screen.getByRole('textbox', { name: '说明' }), { target: { value: '字'.repeat(600) } });
    fireEvent.blur(screen.getByRole('textbox', { name: '说明' }));
    await screen.findByRole('button', { name: '说明' });
    expect(onSave).toHaveBeenCalledWith('字'.repeat(500));
  });

  it('gives up the change on Escape and stays editing when the save fails', async () => {
    const onSave = vi.fn().mockRejectedValue(new Error('保存失败'));
    render(<Cell onSave={onSave} />);
    fireEvent.click(screen.getByRole('button', { name: '说明' }));
    fireEvent.change(screen.getByRole('textbox', { name: '说明' }), { target: { value: '改了' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: '说明' }), { key: 'Escape' });
    expect(screen.getByText('原始说明')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.keyDown(screen.getByRole('button', { name: '说明' }), { key: 'Enter' });
    fireEvent.change(screen.getByRole('textbox', { name: '说明' }), { target: { value: '改了' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: '说明' }), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect((screen.getByRole('textbox', { name: '说明' }) as HTMLInputElement).value).toBe('改了');
  });
});
