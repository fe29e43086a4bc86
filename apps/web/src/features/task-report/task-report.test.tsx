import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  REPORT_MSG,
  ROLE,
  REPORT_UI as T,
  type TargetReport,
  type TargetReportDetail,
  type TargetReportStatus,
} from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { failed, ok } from '../../test/fixtures';
import { btn, catchSavedFiles, drawerWith, modalWith, recordOf, renderPageAs, stubApi } from '../../test/pages';
import ReportTemplatesPage from './ReportTemplatesPage';
import { auditProblem, levelLabel } from './report-logic';
import TaskReportPanel from './TaskReportPanel';
import TaskReportsPage from './TaskReportsPage';

const W = '/api/herm-wbs';
const owner = recordOf('rwfzr01', '张伟', { roles: [ROLE.targetTaskOwner] });
const auditor = recordOf('shr01', '赵敏', { roles: [ROLE.targetDepartAuditor] });
const admin = recordOf('zyadmin', '系统管理员', { roles: [ROLE.admin] });

const none = { regenerate: false, rate: false, submit: false, audit: false, download: true };

function report(over: Partial<TargetReport> = {}): TargetReport {
  return {
    id: 5,
    taskId: 9,
    rwmc: '精品课程建设',
    nf: 2026,
    fbbm: '教务处',
    fzrmc: '张伟',
    jkrmc: '赵敏',
    bgbt: '精品课程建设完成情况报告',
    mbmc: null,
    fmmc: null,
    bgzt: 'draft',
    bgztmc: '待提交',
    zpdj: null,
    zpdjmc: null,
    shyj: null,
    shrmc: null,
    shsj: null,
    scsj: '2026-11-20T02:00:00.000Z',
    tjsj: null,
    version: 3,
    abilities: { ...none, regenerate: true, rate: true },
    ...over,
  };
}

function detail(over: Partial<TargetReport> = {}): TargetReportDetail {
  return {
    ...report(over),
    downloadUrl: '/api/herm-wbs/targetReport/download?id=5',
    content: {
      sections: ['facts', 'progress', 'attachments', 'warnings', 'charts'],
      preface: null,
      cover: { title: '目标任务完成情况报告', subtitle: null, school: '示范职业学院', date: '2026-11-20' },
      facts: {
        rwmc: '精品课程建设',
        yearTargetName: '2026年度目标',
        rwlx: 'B',
        rwlxmc: '重点任务',
        fbbm: '教务处',
        fzrmc: '张伟',
        jkrmc: '赵敏',
        kssj: '2026-01-01',
        jssj: '2026-12-31',
        rwzt: 'hasDone',
        rwztmc: '已完成',
        rwjd: 100,
      },
      progress: [
        {
          periodKey: 'final',
          kind: 'final',
          content: '课程全部上线',
          progress: 100,
          status: 'pass',
          reason: null,
          submitterName: '张伟',
          submittedAt: '2026-11-10T02:00:00.000Z',
        },
      ],
      attachments: [],
      warnings: [],
    },
  };
}

function reportsApi(start: TargetReportDetail) {
  let current = start;
  const api = stubApi(
    {
      [`${W}/targetReport/getReportPage`]: () => ok({ records: [current], total: 1, current: 1, size: 10, pages: 1 }),
      [`${W}/targetReport/getReportById`]: () => ok(current),
      [`${W}/targetReport/getReportByTask`]: () => ok(null),
      [`${W}/targetReport/updateLevelSelf`]: (init) => {
        const zpdj = new URLSearchParams(String(init.body)).get('zpdj') as 'B';
        current = detail({
          ...current,
          zpdj,
          zpdjmc: '良好',
          version: current.version + 1,
          abilities: { ...current.abilities, submit: true },
        });
        return ok(null, REPORT_MSG.levelSaved);
      },
      [`${W}/targetReport/submitAudit`]: () => {
        current = detail({ ...current, bgzt: 'reviewing', bgztmc: '审核中', abilities: none });
        return ok(null, REPORT_MSG.submitted);
      },
      [`${W}/targetReport/audit`]: (init) => {
        const body = new URLSearchParams(String(init.body));
        if (body.get('result') === 'refuse' && !body.get('reason')) return failed(400, REPORT_MSG.reasonRequired);
        const bgzt = body.get('result') as TargetReportStatus;
        current = detail({ ...current, bgzt, shyj: body.get('reason'), abilities: none });
        return ok(null, REPORT_MSG.audited);
      },
      [`${W}/targetReport/generateReport`]: (init) => {
        const taskId = Number(new URLSearchParams(String(init.body)).get('taskId'));
        current = detail({ ...current, taskId, id: 6 });
        return ok(current, REPORT_MSG.generated);
      },
      [`${W}/targetTask/selectPage`]: () =>
        ok({
          records: [
            { id: 9, rwmc: '精品课程建设', rwzt: 'executeing', rwztmc: '执行中' },
            { id: 10, rwmc: '未下发的任务', rwzt: 'notPushed', rwztmc: '未下发' },
          ].map((t) => taskCard(t)),
          total: 2,
          current: 1,
          size: 200,
          pages: 1,
        }),
      [`${W}/targetReportTemplate/selectPage`]: () =>
        ok({ records: [template()], total: 1, current: 1, size: 200, pages: 1 }),
      [`${W}/targetReportCover/selectpage`]: () =>
        ok({ records: [cover()], total: 1, current: 1, size: 200, pages: 1 }),
    },
    {
      [`${W}/targetReport/download`]: () => ({
        name: '精品课程建设完成情况报告.docx',
        bytes: new Uint8Array([0x50, 0x4b, 3, 4]),
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      }),
    },
  );
  return { ...api, now: () => current };
}

function taskCard(t: { id: number; rwmc: string; rwzt: string; rwztmc: string }) {
  return {
    ...t,
    yearTargetId: 1,
    yearTargetName: '2026年度目标',
    parentId: null,
    kssj: '2026-01-01',
    jssj: '2026-12-31',
    jkrmc: '赵敏',
    zqz: '',
    rwnf: '2026',
    cjrmc: '李明',
    rwlx: 'B',
    fbbm: '教务处',
    departmentId: 'D02',
    fzrmc: '张伟',
    ownerId: 'rwfzr01',
    rwjd: 50,
    weight: 0,
    auditStatus: 1,
    auditReason: null,
    isLeaf: true,
    version: 6,
    processWarningCount: 0,
    expiredWarningCount: 0,
    abilities: {},
  };
}

const template = () => ({
  id: 1,
  mbmc: '年度任务报告模板',
  bgbt: '{rwmc}年度总结报告',
  bgsm: null,
  sections: ['facts', 'progress'] as ('facts' | 'progress')[],
  mblx: 'targetTask' as const,
  cjrmc: '系统管理员',
  cjsj: '2026-11-01T00:00:00.000Z',
  gxsj: '2026-11-01T00:00:00.000Z',
});
const cover = (over: { id?: number; fmmc?: string; sfmr?: boolean } = {}) => ({
  id: 1,
  fmmc: '学校封面',
  fmbt: '目标任务完成情况报告',
  xxmc: '示范职业学院',
  fbt: null,
  sfmr: true,
  cjrmc: '系统管理员',
  cjsj: '2026-11-01T00:00:00.000Z',
  ...over,
});

describe('report logic', () => {
  it('labels the levels and needs a reason to refuse', () => {
    expect(levelLabel('A')).toBe('A 优秀');
    expect(levelLabel('D')).toBe('D 未完成');
    expect(auditProblem('refuse', '  ')).toBe(REPORT_MSG.reasonRequired);
    expect(auditProblem('refuse', '材料不全')).toBeNull();
    expect(auditProblem('pass', '')).toBeNull();
  });
});

describe('the owner', { timeout: 60_000 }, () => {
  it('rates the report, submits it after a confirmation and downloads the Word document', async () => {
    const api = reportsApi(detail());
    const saved = catchSavedFiles();
    renderPageAs(<TaskReportsPage />, owner);
    await screen.findByText('精品课程建设完成情况报告');
    fireEvent.click(btn('精品课程建设完成情况报告'));
    expect(api.calls(`${W}/targetReport/getReportPage`)[0]?.searchParams.get('kind')).toBe('mine');

    await screen.findByText('课程全部上线');
    const drawer = drawerWith('课程全部上线');
    // Not rated yet: submitting waits for a level.
    expect(btn(T.submit, drawer).disabled).toBe(true);
    fireEvent.click(within(drawer).getByText('B 良好'));
    fireEvent.click(btn(T.saveLevel, drawer));
    expect(await screen.findByText(REPORT_MSG.levelSaved)).toBeTruthy();
    expect(api.posted(`${W}/targetReport/updateLevelSelf`)[0]?.toString()).toContain('zpdj=B');
    expect(api.posted(`${W}/targetReport/updateLevelSelf`)[0]?.get('version')).toBe('3');

    await waitFor(() => expect(btn(T.submit, drawer).disabled).toBe(false));
    fireEvent.click(btn(T.submit, drawer));
    expect(await screen.findByText(T.submitConfirm)).toBeTruthy();
    expect(api.posted(`${W}/targetReport/submitAudit`)).toHaveLength(0);
    fireEvent.click(btn('确定', modalWith(T.submitConfirm)));
    expect(await screen.findByText(REPORT_MSG.submitted)).toBeTruthy();
    expect(api.posted(`${W}/targetReport/submitAudit`)[0]?.get('version')).toBe('4');
    // Under review: no more rating.
    await waitFor(() => expect(() => btn(T.saveLevel, drawer)).toThrow());

    fireEvent.click(btn(T.download, drawer));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('精品课程建设完成情况报告.docx');
    expect(api.calls(`${W}/targetReport/download`)[0]?.searchParams.get('id')).toBe('5');
  });

  it('generates the report of a task under way, not of one that is not pushed', async () => {
    const api = reportsApi(detail());
    renderPageAs(<TaskReportsPage />, owner);
    await screen.findByText('精品课程建设完成情况报告');
    fireEvent.click(btn(T.generate));
    await screen.findByText(T.templateDefault, { selector: '.ant-form-item-extra' });
    const dialog = modalWith(T.templateDefault);
    fireEvent.mouseDown(dialog.querySelector('.ant-select') as HTMLElement);
    expect(await screen.findByText('精品课程建设（执行中）')).toBeTruthy();
    expect(screen.queryByText('未下发的任务（未下发）')).toBeNull();
    fireEvent.click(screen.getByText('精品课程建设（执行中）'));
    fireEvent.click(btn('确定', dialog));
    expect(await screen.findByText(REPORT_MSG.generated)).toBeTruthy();
    const body = api.posted(`${W}/targetReport/generateReport`)[0];
    expect(body?.get('taskId')).toBe('9');
    expect(body?.has('templateId')).toBe(false);
    // The new report opens.
    await waitFor(() => expect(api.calls(`${W}/targetReport/getReportById`).at(-1)?.searchParams.get('id')).toBe('6'));
  });

  it('regenerates the report of its task after saying what is replaced', async () => {
    const api = reportsApi(detail());
    renderPageAs(<TaskReportsPage />, owner);
    await screen.findByText('精品课程建设完成情况报告');
    fireEvent.click(btn('精品课程建设完成情况报告'));
    await screen.findByText('课程全部上线');
    fireEvent.click(btn(T.regenerate, drawerWith('课程全部上线')));
    await screen.findByText(T.regenerateConfirm);
    const dialog = modalWith(T.regenerateConfirm);
    // The task is the report's: only the template and cover selects.
    expect(within(dialog).queryByText(T.task)).toBeNull();
    expect(api.posted(`${W}/targetReport/generateReport`)).toHaveLength(0);
    fireEvent.click(btn('确定', dialog));
    expect(await screen.findByText(REPORT_MSG.generated)).toBeTruthy();
    expect(api.posted(`${W}/targetReport/generateReport`)[0]?.get('taskId')).toBe('9');
  });

  it('offers to generate from the task page when the task has no report', async () => {
    reportsApi(detail());
    renderPageAs(<TaskReportPanel taskId={9} canGenerate />, owner);
    expect(await screen.findByText(T.panelEmpty)).toBeTruthy();
    fireEvent.click(btn(T.generate));
    await screen.findByText(T.templateDefault, { selector: '.ant-form-item-extra' });
    const dialog = modalWith(T.templateDefault);
    // The task is fixed: only the template and cover selects.
    expect(within(dialog).queryByText(T.task)).toBeNull();
    expect(within(dialog).getByText(T.template)).toBeTruthy();
  });
});

describe('the auditor', { timeout: 60_000 }, () => {
  it('must give a reason to refuse and confirms the refusal', async () => {
    const api = reportsApi(
      detail({ bgzt: 'reviewing', bgztmc: '审核中', zpdj: 'A', abilities: { ...none, audit: true } }),
    );
    renderPageAs(<TaskReportsPage initialKind="review" />, auditor);
    await screen.findByText('精品课程建设完成情况报告');
    fireEvent.click(btn(T.audit));
    expect(api.calls(`${W}/targetReport/getReportPage`)[0]?.searchParams.get('kind')).toBe('review');
    await screen.findByText('课程全部上线');
    fireEvent.click(btn(T.audit, drawerWith('课程全部上线')));
    await screen.findByText(T.auditTitle);
    const dialog = modalWith(T.auditTitle);
    fireEvent.click(within(dialog).getByText(T.refuse));
    fireEvent.click(btn('确定', dialog));
    expect(await within(dialog).findByText(REPORT_MSG.reasonRequired)).toBeTruthy();
    expect(api.posted(`${W}/targetReport/audit`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByPlaceholderText(T.reasonPlaceholder), { target: { value: '佐证材料不全' } });
    fireEvent.click(btn('确定', dialog));
    expect(await screen.findByText(T.refuseConfirm)).toBeTruthy();
    fireEvent.click(btn('确定', modalWith(T.refuseConfirm)));
    expect(await screen.findByText(REPORT_MSG.audited)).toBeTruthy();
    const body = api.posted(`${W}/targetReport/audit`)[0];
    expect(body?.get('result')).toBe('refuse');
    expect(body?.get('reason')).toBe('佐证材料不全');
  });
});

/** Types `text` into the search box labelled `label` and presses Enter. */
function search(label: string, text: string) {
  const box = screen.getByLabelText(label);
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('templates and covers', { timeout: 60_000 }, () => {
  it('adds a template with its sections and deletes the chosen ones after a confirmation', async () => {
    const api = stubApi({
      [`${W}/targetReportTemplate/selectPage`]: () =>
        ok({ records: [template()], total: 1, current: 1, size: 10, pages: 1 }),
      [`${W}/targetReportTemplate/insert`]: () => ok(template()),
      [`${W}/targetReportTemplate/ids/delete`]: () => ok(null),
      [`${W}/targetReportCover/selectpage`]: () => ok({ records: [], total: 0, current: 1, size: 10, pages: 0 }),
    });
    renderPageAs(<ReportTemplatesPage />, admin);
    expect(await screen.findByText('年度任务报告模板')).toBeTruthy();
    fireEvent.click(btn(T.addTemplate));
    await screen.findByText(T.reportTitleHint);
    const dialog = modalWith(T.reportTitleHint);
    fireEvent.change(within(dialog).getByLabelText(T.templateName), { target: { value: '简版模板' } });
    // Leave out the warnings.
    fireEvent.click(within(dialog).getByLabelText('预警记录'));
    fireEvent.click(btn('确定', dialog));
    expect(await screen.findByText(T.saved)).toBeTruthy();
    const body = api.posted(`${W}/targetReportTemplate/insert`)[0];
    expect(body?.get('mbmc')).toBe('简版模板');
    expect(body?.get('bgbt')).toBe('{rwmc}完成情况报告');
    expect(body?.getAll('sections[0]')).toEqual(['facts']);
    expect([...(body?.keys() ?? [])].filter((k) => k.startsWith('sections'))).toHaveLength(4);
    expect([...(body?.values() ?? [])]).not.toContain('warnings');

    expect(btn(T.deleteSelected).disabled).toBe(true);
    const row = screen.getByText('年度任务报告模板').closest('tr') as HTMLElement;
    fireEvent.click(row.querySelector('input[type="checkbox"]') as HTMLElement);
    fireEvent.click(btn(T.deleteSelected));
    expect(await screen.findByText(T.deleteConfirm(1))).toBeTruthy();
    expect(api.posted(`${W}/targetReportTemplate/ids/delete`)).toHaveLength(0);
    fireEvent.click(btn('确定', modalWith(T.deleteConfirm(1))));
    expect(await screen.findByText(T.deleted)).toBeTruthy();
    expect(api.posted(`${W}/targetReportTemplate/ids/delete`)[0]?.get('ids[0]')).toBe('1');
  });

  it('keeps the default cover from being deleted and makes another the default', async () => {
    const api = stubApi({
      [`${W}/targetReportTemplate/selectPage`]: () => ok({ records: [], total: 0, current: 1, size: 10, pages: 0 }),
      [`${W}/targetReportCover/selectpage`]: () =>
        ok({
          records: [cover(), cover({ id: 2, fmmc: '备用封面', sfmr: false })],
          total: 2,
          current: 1,
          size: 10,
          pages: 1,
        }),
      [`${W}/targetReportCover/2/default`]: () => ok(null, REPORT_MSG.defaultSet),
      [`${W}/targetReportCover/2/delete`]: () => ok(null),
    });
    renderPageAs(<ReportTemplatesPage />, admin);
    fireEvent.click(await screen.findByText(T.coversTab));
    const defaultRow = (await screen.findByText('学校封面')).closest('tr') as HTMLElement;
    expect(btn(T.delete, defaultRow).disabled).toBe(true);
    const other = screen.getByText('备用封面').closest('tr') as HTMLElement;
    fireEvent.click(btn(T.makeDefault, other));
    expect(await screen.findByText(REPORT_MSG.defaultSet)).toBeTruthy();
    expect(api.posted(`${W}/targetReportCover/2/default`)).toHaveLength(1);
    fireEvent.click(btn(T.delete, other));
    expect(await screen.findByText(T.coverDeleteConfirm)).toBeTruthy();
    expect(api.posted(`${W}/targetReportCover/2/delete`)).toHaveLength(0);
    const pop = screen.getByText(T.coverDeleteConfirm).closest('.ant-popover') as HTMLElement;
    fireEvent.click(btn('确定', pop));
    await waitFor(() => expect(api.posted(`${W}/targetReportCover/2/delete`)).toHaveLength(1));
  });

  it('searches templates from the first page with the trimmed name', async () => {
    const api = stubApi({
      [`${W}/targetReportTemplate/selectPage`]: () =>
        ok({ records: [template()], total: 25, current: 1, size: 10, pages: 3 }),
      [`${W}/targetReportCover/selectpage`]: () => ok({ records: [], total: 0, current: 1, size: 10, pages: 0 }),
    });
    renderPageAs(<ReportTemplatesPage />, admin);
    expect(await screen.findByText('当前页10条，共25条')).toBeTruthy();
    const asked = () => api.calls(`${W}/targetReportTemplate/selectPage`).at(-1)?.searchParams;
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(asked()?.get('current')).toBe('2'));
    search(T.searchTemplate, '  年度 ');
    await waitFor(() => expect(asked()?.get('mbmc')).toBe('年度'));
    expect(asked()?.get('current')).toBe('1');
  });

  it('searches covers by the trimmed name and says 暂无数据 when none match', async () => {
    const api = stubApi({
      [`${W}/targetReportTemplate/selectPage`]: () => ok({ records: [], total: 0, current: 1, size: 10, pages: 0 }),
      [`${W}/targetReportCover/selectpage`]: () => ok({ records: [], total: 0, current: 1, size: 10, pages: 0 }),
    });
    renderPageAs(<ReportTemplatesPage />, admin);
    fireEvent.click(await screen.findByText(T.coversTab));
    await screen.findByLabelText(T.searchCover);
    search(T.searchCover, ' 学校 ');
    await waitFor(() =>
      expect(api.calls(`${W}/targetReportCover/selectpage`).at(-1)?.searchParams.get('fmmc')).toBe('学校'),
    );
    expect(screen.getAllByText('暂无数据').length).toBeGreaterThan(0);
  });
});
