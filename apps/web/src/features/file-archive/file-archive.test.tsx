import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ROLE, ARCHIVE_UI as T } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fixtures';
import { btn, catchSavedFiles, modalWith, recordOf, renderPageAs, stubApi } from '../../test/pages';
import FileArchivePage, { typeCards } from './FileArchivePage';

const A = '/api/herm-wbs/targetTaskFileArchive';
const owner = recordOf('rwfzr01', '张伟', { roles: [ROLE.targetTaskOwner] });

const file = (n: number, lxId: number | null, fileType: string) => ({
  fileId: `00000000-0000-4000-8000-00000000000${n}`,
  fileName: `文件${n}.pdf`,
  lxId,
  fileType,
  source: 'task' as const,
  sourceName: '任务文件',
  size: 2048,
  taskId: 9,
  rwmc: '精品课程建设',
  yearTargetName: '2026年度目标',
  nf: 2026,
  bmmc: '教务处',
  uploaderName: '张伟',
  createTime: '2026-11-01T02:00:00.000Z',
  url: `/api/herm-zdgj/rest/file/files/download?id=${n}`,
});

describe('typeCards', () => {
  it('puts 全部类型 with the sum first', () => {
    expect(
      typeCards([
        { lxId: 3, name: '过程文档', count: 2 },
        { lxId: 0, name: '未分类', count: 1 },
      ]),
    ).toEqual([
      { lxId: undefined, name: T.allTypes, count: 3 },
      { lxId: 3, name: '过程文档', count: 2 },
      { lxId: 0, name: '未分类', count: 1 },
    ]);
  });
});

describe('the file archive', { timeout: 60_000 }, () => {
  it('filters by file type and downloads the chosen files, or the whole filter after a confirmation, as a zip', async () => {
    const api = stubApi(
      {
        [`${A}/typeCount`]: () =>
          ok([
            { lxId: 3, name: '过程文档', count: 2 },
            { lxId: 0, name: '未分类', count: 1 },
          ]),
        [`${A}/selectPage`]: (_i, url) => {
          const lxId = url.searchParams.get('lxId');
          const all = [file(1, 3, '过程文档'), file(2, 3, '过程文档'), file(3, null, '未分类')];
          const records = lxId === null ? all : all.filter((f) => String(f.lxId ?? 0) === lxId);
          return ok({ records, total: records.length, current: 1, size: 10, pages: 1 });
        },
      },
      {
        [`${A}/download`]: () => ({
          name: '任务文件.zip',
          bytes: new Uint8Array([0x50, 0x4b]),
          type: 'application/zip',
        }),
      },
    );
    const saved = catchSavedFiles();
    renderPageAs(<FileArchivePage kind="file-myself" />, owner);
    expect(await screen.findByText('文件3.pdf')).toBeTruthy();
    expect(api.calls(`${A}/selectPage`)[0]?.searchParams.get('type')).toBe('file-myself');
    expect(btn(T.zipSelected(0)).disabled).toBe(true);

    // The 过程文档 card: only its files.
    fireEvent.click(screen.getByText('过程文档', { selector: '.zg-card-list__title' }));
    await waitFor(() => expect(screen.queryByText('文件3.pdf')).toBeNull());
    expect(api.calls(`${A}/selectPage`).at(-1)?.searchParams.get('lxId')).toBe('3');
    expect(
      screen.getByText('过程文档', { selector: '.zg-card-list__title' }).closest('.ant-card')?.className,
    ).toContain('zg-card-list__card--selected');

    for (const name of ['文件1.pdf', '文件2.pdf']) {
      const row = screen.getByText(name).closest('tr') as HTMLElement;
      fireEvent.click(row.querySelector('input[type="checkbox"]') as HTMLElement);
    }
    fireEvent.click(btn(T.zipSelected(2)));
    await waitFor(() => expect(saved).toHaveLength(1));
    const zip = api.calls(`${A}/download`)[0];
    expect(zip?.searchParams.get('ids')).toBe(`${file(1, 3, '').fileId},${file(2, 3, '').fileId}`);
    expect(zip?.searchParams.get('type')).toBe('file-myself');

    await waitFor(() => expect(btn(T.zipAll).className).not.toContain('ant-btn-loading'));
    fireEvent.click(btn(T.zipAll));
    expect(await screen.findByText(T.zipAllConfirm(2))).toBeTruthy();
    expect(api.calls(`${A}/download`)).toHaveLength(1);
    fireEvent.click(btn('确定', modalWith(T.zipAllConfirm(2))));
    await waitFor(() => expect(saved).toHaveLength(2));
    const all = api.calls(`${A}/download`)[1];
    expect(all?.searchParams.has('ids')).toBe(false);
    expect(all?.searchParams.get('lxId')).toBe('3');
    expect(saved.map((f) => f.name)).toEqual(['任务文件.zip', '任务文件.zip']);
  });
});
