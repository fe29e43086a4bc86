import { fireEvent, screen, waitFor } from '@testing-library/react';
import { FILE_MSG } from '@zg/contract';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/attachments';
import { ImportDialog, SimpleUploadModal } from './SingleFileModal';

const ok = () => screen.getByRole('button', { name: /确\s*定/ });
const choose = (file: File) => fireEvent.change(screen.getByTestId('single-file-input'), { target: { files: [file] } });

describe('SimpleUploadModal', () => {
  it('asks for a file first, refuses a wrong type, and keeps only the last choice', async () => {
    const onSubmit = vi.fn(async (_file: File, progress: (p: number) => void) => progress(50));
    const onClose = vi.fn();
    renderUi(<SimpleUploadModal open onClose={onClose} onSubmit={onSubmit} accept={['pdf', 'docx']} />);
    fireEvent.click(ok());
    expect(await screen.findByText(FILE_MSG.selectFirst)).toBeTruthy();

    choose(new File(['x'], '表.xlsx'));
    expect(await screen.findByText(FILE_MSG.fileTypeError)).toBeTruthy();

    choose(new File(['x'], '一.pdf'));
    expect(await screen.findByText('一.pdf')).toBeTruthy();
    choose(new File(['y'], '二.docx'));
    expect(await screen.findByText('二.docx')).toBeTruthy();
    expect(screen.queryByText('一.pdf')).toBeNull();

    fireEvent.click(ok());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0].name).toBe('二.docx');
  });

  it('shows "{file name} 文件上传失败。" when the upload fails', async () => {
    renderUi(<SimpleUploadModal open onClose={() => {}} onSubmit={() => Promise.reject(new Error('x'))} />);
    choose(new File(['x'], '材料.pdf'));
    fireEvent.click(ok());
    expect(await screen.findByText('材料.pdf 文件上传失败。')).toBeTruthy();
  });
});

describe('ImportDialog', () => {
  it('asks 请先选择文件! and accepts spreadsheets only', async () => {
    renderUi(<ImportDialog open onClose={() => {}} onSubmit={async () => {}} />);
    fireEvent.click(ok());
    expect(await screen.findByText(FILE_MSG.selectFirstImport)).toBeTruthy();
    choose(new File(['x'], '名单.pdf'));
    expect(await screen.findByText(FILE_MSG.fileTypeError)).toBeTruthy();
    choose(new File(['x'], '名单.xlsx'));
    expect(await screen.findByText('名单.xlsx')).toBeTruthy();
  });
});
