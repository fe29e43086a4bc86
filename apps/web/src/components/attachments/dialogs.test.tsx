import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FILE_MSG } from '@zg/contract';
import { describe, expect, it, vi } from 'vitest';
import { attachment, renderUi, stubXhr } from '../../test/attachments';
import { mockApi, ok } from '../../test/fixtures';
import { AttachmentDialog } from './AttachmentDialog';
import { FileDownloadDialog } from './FileDownloadDialog';

const FILE_API = '/api/herm-zdgj/rest/file';

describe('AttachmentDialog', () => {
  const owner = { ownerType: 'Quality' as const, zgzkdid: 'Z1', stage: 'mbbz' };

  it('lets a read-only user view and download only', async () => {
    mockApi({ [`${FILE_API}/files/list`]: () => ok([attachment()]) });
    renderUi(<AttachmentDialog open owner={owner} name="毕业率" editable={false} onClose={() => {}} />);
    expect(await screen.findByText('方案.pdf')).toBeTruthy();
    expect(screen.getByRole('button', { name: FILE_MSG.downloadAll })).toBeTruthy();
    expect(screen.getByRole('button', { name: FILE_MSG.download })).toBeTruthy();
    expect(screen.queryByRole('button', { name: FILE_MSG.upload })).toBeNull();
    expect(screen.queryByRole('button', { name: FILE_MSG.delete })).toBeNull();
    expect(screen.queryByRole('button', { name: /确\s*定/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /取\s*消/ })).toBeNull();
  });

  it('uploads, removes and saves the list in edit mode', async () => {
    const saved: unknown[] = [];
    const fetchMock = mockApi({
      [`${FILE_API}/files/list`]: () => ok([attachment()]),
      [`${FILE_API}/fileTypes`]: () =>
        ok({ list: [{ id: 6, name: '内部支撑文件' }], total: 1, pageNum: 1, pageSize: 10 }),
      [`${FILE_API}/files/saveList`]: (init) => {
        saved.push(JSON.parse(String(init.body)));
        return ok([], FILE_MSG.importSuccess);
      },
    });
    const sent = stubXhr(() =>
      ok({ fileId: '22222222-2222-4222-8222-222222222222', fileName: '新.txt', size: 3, sha256: 'x' }),
    );
    const onClose = vi.fn();
    renderUi(<AttachmentDialog open owner={owner} name="毕业率" editable onClose={onClose} />);
    expect(await screen.findByText('方案.pdf')).toBeTruthy();
    expect(screen.getByRole('button', { name: /取\s*消/ })).toBeTruthy();

    const input = screen.getByTestId('file-upload-input');
    fireEvent.change(input, { target: { files: [new File(['abc'], '新.txt')] } });
    expect(await screen.findByText('新.txt')).toBeTruthy();
    expect(sent).toHaveLength(1);
    // Remove the saved one, keep the new one.
    const old = screen.getByText('方案.pdf').closest('li') as HTMLElement;
    fireEvent.click(within(old).getByRole('button', { name: FILE_MSG.delete }));
    await waitFor(() => expect(screen.queryByText('方案.pdf')).toBeNull());

    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/fileTypes'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saved[0]).toEqual({
      list: [{ fileId: '22222222-2222-4222-8222-222222222222', fileName: '新.txt', fileType: 6 }],
      context: owner,
    });
    expect(await screen.findByText(FILE_MSG.importSuccess)).toBeTruthy();
  });

  it('saves without a file type where the school has no 内部支撑文件, asking for every type', async () => {
    const saved: unknown[] = [];
    const errors = vi.spyOn(console, 'error');
    const fetchMock = mockApi({
      [`${FILE_API}/files/list`]: () => ok([]),
      [`${FILE_API}/fileTypes`]: () =>
        ok({ list: [{ id: 1, name: '年度目标文件' }], total: 1, pageNum: 1, pageSize: 5000 }),
      [`${FILE_API}/files/saveList`]: (init) => {
        saved.push(JSON.parse(String(init.body)));
        return ok([], FILE_MSG.importSuccess);
      },
    });
    stubXhr(() => ok({ fileId: '33333333-3333-4333-8333-333333333333', fileName: '新.txt', size: 3, sha256: 'x' }));
    const onClose = vi.fn();
    renderUi(<AttachmentDialog open owner={owner} name="毕业率" editable onClose={onClose} />);
    fireEvent.change(await screen.findByTestId('file-upload-input'), {
      target: { files: [new File(['abc'], '新.txt')] },
    });
    expect(await screen.findByText('新.txt')).toBeTruthy();
    const typesCall = await waitFor(() => {
      const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/fileTypes'));
      expect(call).toBeTruthy();
      return call!;
    });
    expect(new URL(String(typesCall[0]), 'http://x').searchParams.get('pageSize')).toBe('5000');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saved[0]).toEqual({
      list: [{ fileId: '33333333-3333-4333-8333-333333333333', fileName: '新.txt' }],
      context: owner,
    });
    // The missing type is an answer, not a failed query (TanStack Query refuses undefined data).
    expect(errors.mock.calls.flat().join(' ')).not.toContain('cannot be undefined');
  });

  it('refuses a file of a wrong type before uploading', async () => {
    mockApi({
      [`${FILE_API}/files/list`]: () => ok([]),
      [`${FILE_API}/fileTypes`]: () => ok({ list: [], total: 0, pageNum: 1, pageSize: 10 }),
    });
    const sent = stubXhr(() => ok({}));
    renderUi(<AttachmentDialog open owner={owner} name="毕业率" editable onClose={() => {}} />);
    fireEvent.change(await screen.findByTestId('file-upload-input'), {
      target: { files: [new File(['MZ'], '病毒.exe')] },
    });
    expect(await screen.findByText(FILE_MSG.typeNotAllowed)).toBeTruthy();
    fireEvent.change(screen.getByTestId('file-upload-input'), { target: { files: [new File([], '空.txt')] } });
    expect(await screen.findByText(FILE_MSG.empty)).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('shows "file" 上传失败! when the server refuses the upload', async () => {
    mockApi({
      [`${FILE_API}/files/list`]: () => ok([]),
      [`${FILE_API}/fileTypes`]: () => ok({ list: [], total: 0, pageNum: 1, pageSize: 10 }),
    });
    stubXhr(() => ({ status: 415, body: { meta: { success: false, message: FILE_MSG.typeNotAllowed }, data: null } }));
    renderUi(<AttachmentDialog open owner={owner} name="毕业率" editable onClose={() => {}} />);
    fireEvent.change(await screen.findByTestId('file-upload-input'), { target: { files: [new File(['x'], 'a.pdf')] } });
    expect(await screen.findByText(`"a.pdf" 上传失败! ${FILE_MSG.typeNotAllowed}`)).toBeTruthy();
  });
});

describe('FileDownloadDialog', () => {
  it('groups files under the four stages and downloads all as one zip', async () => {
    const files = [
      attachment({ fileId: 'a', fileName: '标准.pdf', stage: 'standard' }),
      attachment({ fileId: 'b', fileName: '预警.pdf', stage: 'warning' }),
      attachment({ fileId: 'c', fileName: '诊断.pdf', stage: 'diagnosis' }),
      attachment({ fileId: 'd', fileName: '未完成.pdf', stage: 'unfinish' }),
      attachment({ fileId: 'e', fileName: '不合格.pdf', stage: 'disqualified' }),
    ];
    const fetchMock = mockApi({ [`${FILE_API}/files/list`]: () => ok(files) });
    renderUi(
      <FileDownloadDialog open owner={{ ownerType: 'Quality', zgzkdid: 'Z1' }} name="毕业率" onClose={() => {}} />,
    );
    expect(await screen.findByText(FILE_MSG.fileDownload)).toBeTruthy();
    expect(await screen.findByText('标准.pdf')).toBeTruthy();
    const sections = screen.getAllByRole('heading').map((h) => h.closest('section') as HTMLElement);
    expect(sections.map((s) => within(s).getByRole('heading').textContent)).toEqual([
      '目标标准',
      '监测预警',
      '自我诊断',
      '总结改进',
    ]);
    expect(within(sections[3] as HTMLElement).getByText('未完成.pdf')).toBeTruthy();
    expect(within(sections[3] as HTMLElement).getByText('不合格.pdf')).toBeTruthy();

    // A refused zip answers JSON: the user reads 下载失败!.
    fireEvent.click(screen.getByRole('button', { name: FILE_MSG.downloadAll }));
    expect(await screen.findByText(FILE_MSG.downloadFailed)).toBeTruthy();
    const zipCall = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://x'))
      .find((u) => u.pathname.endsWith('/downloadFiles'));
    expect(zipCall?.searchParams.get('ids')).toBe('a,b,c,d,e');
    expect(zipCall?.searchParams.get('name')).toBe('毕业率');
  });
});
