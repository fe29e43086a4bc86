import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DIAGNOSIS_MSG as M, type ObjectTask, type QualityRow, DIAGNOSIS_TEXT as T } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { objectTask, qualityRow } from '../../test/diagnosis-data';
import { failed, mockApi, ok } from '../../test/fixtures';
import { btn, dialogTitled, sentJson } from '../../test/pages';
import { renderPage } from '../../test/render';
import ObjectPage from './ObjectPage';

/**
 * 诊改对象: what the web lacked of issue 30 (item 7): revised targets and results with a reason, manual results, a new
 * round, the newest standard, the score, the collectors and the sampling records — each offered by the abilities.
 */

const Z = '/api/herm-zdgj';
type Routes = Parameters<typeof mockApi>[0];
const sentTo = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([u]) => new URL(String(u), 'http://x').pathname === path)
    .map(([, init]) => {
      try {
        return sentJson(init as RequestInit);
      } catch {
        return Object.fromEntries(new URLSearchParams(String((init as RequestInit).body)));
      }
    });

const NONE = qualityRow().abilities;
const percentRow = (over: Partial<QualityRow> = {}) => qualityRow(over);
const manualRow = (over: Partial<QualityRow> = {}) =>
  qualityRow({
    id: 102,
    zkdmc: '专业带头人',
    zlx: 'have',
    bzz: '1',
    jgz: null,
    jgdj: null,
    dis: false,
    runId: null,
    calRule: null,
    jsgz: '手工填报',
    levels: [
      { id: 1, name: '师资队伍' },
      { id: 11, name: '带头人' },
    ],
    ...over,
  });
const grades = { A: 1, B: 0, C: 2, D: 0, Y: 1, N: 0 };

function api(rows: QualityRow[], object: Partial<ObjectTask> = {}, over: Routes = {}) {
  return mockApi({
    [`${Z}/rest/quality/select`]: () => ok({ list: rows, eachLevelCount: [1, 2, 2], objectTask: objectTask(object) }),
    [`${Z}/rest/audit/dynamic`]: () => ok([]),
    [`${Z}/getCalScoreResult`]: () =>
      ok({ id: 31, score: null, pfsj: null, graded: 0, grades: { ...grades, A: 0, C: 0, Y: 0 } }),
    [`${Z}/rest/quality/selectcollent`]: () => ok([]),
    ...over,
  });
}
const open = () => renderPage(<ObjectPage />, '/improvement/object?id=31');

describe('诊改对象: revisions', () => {
  it('revises a result only with a valid value and a reason, then sends both', async () => {
    const fetchMock = api(
      [percentRow({ abilities: { ...NONE, reviseResult: true } })],
      {},
      {
        [`${Z}/rest/quality/updateupjgz`]: () => ok(null, M.submitted),
      },
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: `双师型教师比例 ${T.reviseResult}` }));
    expect(() => btn(`双师型教师比例 ${T.reviseTarget}`)).toThrow();
    const dialog = await dialogTitled(T.reviseTitle(T.reviseResult, '双师型教师比例'));
    expect(within(dialog).getByText('55.5%')).toBeTruthy();
    fireEvent.click(btn('确定', dialog));
    expect(await within(dialog).findByText(M.valueRequired(T.reviseResult))).toBeTruthy();
    expect(within(dialog).getByText(M.reasonRequired)).toBeTruthy();
    const value = within(dialog).getByLabelText(`双师型教师比例 ${T.reviseResult}`);
    expect(value.closest('.ant-input-number')?.textContent).toContain('%');
    fireEvent.change(value, { target: { value: '120' } });
    fireEvent.click(btn('确定', dialog));
    expect(await within(dialog).findByText(M.percentRange(T.reviseResult, '120'))).toBeTruthy();
    fireEvent.change(value, { target: { value: '62.5' } });
    const reason = within(dialog).getByLabelText(T.reviseReason) as HTMLTextAreaElement;
    expect(reason.maxLength).toBe(500);
    fireEvent.change(reason, { target: { value: '教务系统漏录两名兼职教师' } });
    fireEvent.click(btn('确定', dialog));
    await waitFor(() =>
      expect(sentTo(fetchMock, `${Z}/rest/quality/updateupjgz`)).toEqual([
        { id: '101', value: '62.5', reason: '教务系统漏录两名兼职教师' },
      ]),
    );
    expect(await screen.findByText(T.revisionSubmitted)).toBeTruthy();
  });

  it('revises a target by its value type and shows the server’s refusal, keeping what was typed', async () => {
    const fetchMock = api(
      [manualRow({ mbz: '1', abilities: { ...NONE, reviseTarget: true } })],
      {},
      {
        [`${Z}/rest/quality/updatexzmbz`]: () => failed(409, M.revisionPending),
      },
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: `专业带头人 ${T.reviseTarget}` }));
    const dialog = await dialogTitled(T.reviseTitle(T.reviseTarget, '专业带头人'));
    fireEvent.mouseDown(within(dialog).getByLabelText(`专业带头人 ${T.reviseTarget}`));
    fireEvent.click(await screen.findByText('无(0)'));
    fireEvent.change(within(dialog).getByLabelText(T.reviseReason), { target: { value: '带头人调离' } });
    fireEvent.click(btn('确定', dialog));
    await waitFor(() =>
      expect(sentTo(fetchMock, `${Z}/rest/quality/updatexzmbz`)).toEqual([
        { id: '102', value: '0', reason: '带头人调离' },
      ]),
    );
    expect(await screen.findByText(M.revisionPending)).toBeTruthy();
    expect((within(dialog).getByLabelText(T.reviseReason) as HTMLTextAreaElement).value).toBe('带头人调离');
  });
});

describe('诊改对象: manual results', () => {
  it('enters the results of 手工填报 rows by value type, sending only what changed', async () => {
    const enter = { ...NONE, enterResult: true };
    const fetchMock = api(
      [percentRow({ abilities: enter }), manualRow({ abilities: enter })],
      { abilities: { ...objectTask().abilities, enterResults: true } },
      { [`${Z}/rest/quality/updatejgz`]: () => ok(null, M.saved) },
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: T.enterResults }));
    const dialog = await dialogTitled(T.enterResultsTitle);
    // The algorithm's row is not offered.
    expect(within(dialog).queryByText('双师型教师比例')).toBeNull();
    fireEvent.click(btn('确定', dialog));
    expect(await screen.findByText(T.nothingChanged)).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByLabelText(`专业带头人 ${T.result}`));
    fireEvent.click(await screen.findByText('有(1)'));
    fireEvent.click(btn('确定', dialog));
    await waitFor(() =>
      expect(sentTo(fetchMock, `${Z}/rest/quality/updatejgz`)).toEqual([{ dxrwid: 31, list: [{ id: 102, jgz: '1' }] }]),
    );
    expect(await screen.findByText(T.resultsSaved(1))).toBeTruthy();
  });

  it('is not offered without the ability', async () => {
    api([manualRow({ abilities: { ...NONE, enterResult: true } })]);
    open();
    await screen.findByText('专业带头人');
    expect(() => btn(T.enterResults)).toThrow();
  });
});

describe('诊改对象: rounds, the newest standard and the score', () => {
  it('starts a new round only after saying this round’s results become last round’s', async () => {
    const fetchMock = api(
      [percentRow()],
      { abilities: { ...objectTask().abilities, again: true } },
      {
        [`${Z}/rest/obj/diagnoseagain`]: () => ok(objectTask({ lc: 2 }), M.againStarted(2)),
      },
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: T.again }));
    const dialog = await dialogTitled(T.againTitle('软件技术', 2));
    expect(within(dialog).getByText(T.againContent)).toBeTruthy();
    expect(sentTo(fetchMock, `${Z}/rest/obj/diagnoseagain`)).toEqual([]);
    fireEvent.click(btn(T.again, dialog));
    await waitFor(() => expect(sentTo(fetchMock, `${Z}/rest/obj/diagnoseagain`)).toEqual([{ id: '31' }]));
    expect(await screen.findByText(M.againStarted(2))).toBeTruthy();
  });

  it('refreshes to the newest standard and tells how many rows were kept, added and removed', async () => {
    const fetchMock = api(
      [percentRow()],
      { hasNewer: true, abilities: { ...objectTask().abilities, refresh: true } },
      {
        [`${Z}/rest/obj/refreshTarget`]: () => ok({ bzid: 13, bzbb: 2, kept: 4, added: 1, removed: 0 }),
      },
    );
    open();
    expect(await screen.findByText(T.newerVersion)).toBeTruthy();
    fireEvent.click(btn(T.refresh));
    fireEvent.click(btn(T.refresh, await dialogTitled(T.refreshTitle)));
    await waitFor(() => expect(sentTo(fetchMock, `${Z}/rest/obj/refreshTarget`)).toEqual([{ id: '31' }]));
    expect(await screen.findByText(T.refreshed(2, 4, 1, 0))).toBeTruthy();
  });

  it('shows the score with its grades and computes it again', async () => {
    let scored = false;
    const score = () => ({ id: 31, score: 85, pfsj: '2026-10-02 09:00:00', graded: 4, grades });
    const fetchMock = api(
      [percentRow()],
      { abilities: { ...objectTask().abilities, calculate: true } },
      {
        [`${Z}/getCalScoreResult`]: () =>
          ok(
            scored
              ? score()
              : { ...score(), score: null, pfsj: null, graded: 0, grades: { ...grades, A: 0, C: 0, Y: 0 } },
          ),
        [`${Z}/rest/obj/calScore`]: () => {
          scored = true;
          return ok(score(), M.scored);
        },
      },
    );
    open();
    expect(await screen.findByText(T.scoreNone)).toBeTruthy();
    fireEvent.click(btn(T.computeScore));
    fireEvent.click(btn(T.computeScore, await dialogTitled(T.computeScore)));
    await waitFor(() => expect(sentTo(fetchMock, `${Z}/rest/obj/calScore`)).toEqual([{ id: '31' }]));
    expect(await screen.findByText(T.scored(85))).toBeTruthy();
    expect(await screen.findByText('A 优秀 1 个')).toBeTruthy();
    expect(screen.getByText('C 一般 2 个')).toBeTruthy();
    expect(screen.getByText(T.scoreGraded(4))).toBeTruthy();
  });
});

describe('诊改对象: collectors and sampling records', () => {
  it('lists the collectors and removes one after a confirmation naming them', async () => {
    const fetchMock = api(
      [percentRow()],
      { abilities: { ...objectTask().abilities, authority: true } },
      {
        [`${Z}/rest/quality/selectcollent`]: () =>
          ok([
            { yhid: 'rwfzr04', yhmc: '吴婷' },
            { yhid: 'rwfzr05', yhmc: '郑凯' },
          ]),
        [`${Z}/rest/quality/deletecl`]: () => ok(null, M.deleted),
      },
    );
    open();
    expect(await screen.findByText('郑凯')).toBeTruthy();
    fireEvent.click(btn(`${T.removeCollector} 吴婷`));
    const pop = (await screen.findByText(T.removeCollectorTitle('吴婷'))).closest('.ant-popover') as HTMLElement;
    expect(sentTo(fetchMock, `${Z}/rest/quality/deletecl`)).toEqual([]);
    fireEvent.click(btn(T.removeCollector, pop));
    await waitFor(() =>
      expect(sentTo(fetchMock, `${Z}/rest/quality/deletecl`)).toEqual([{ dxrwid: '31', yhid: 'rwfzr04' }]),
    );
    expect(await screen.findByText(T.collectorRemoved('吴婷'))).toBeTruthy();
  });

  it('sets the sharers and collectors, starting from the ones it has', async () => {
    const fetchMock = api(
      [percentRow()],
      { abilities: { ...objectTask().abilities, authority: true }, gxrs: [{ id: 'rwfzr03', name: '孙丽' }], cjrs: [] },
      {
        '/api/user/search': () =>
          ok({ list: [{ userId: 'rwfzr02', userName: '周强' }], total: 1, pageNum: 1, pageSize: 100 }),
        [`${Z}/rest/obj/authority`]: () => ok(objectTask(), M.authoritySaved),
      },
    );
    open();
    expect(await screen.findByText(T.field(T.sharers, '孙丽'))).toBeTruthy();
    fireEvent.click(btn(T.setPeople));
    const dialog = await dialogTitled(T.peopleTitle(objectTask().gzdxmc));
    fireEvent.mouseDown(within(dialog).getByLabelText(T.collectors));
    fireEvent.click(await screen.findByText('周强'));
    fireEvent.click(btn('确定', dialog));
    await waitFor(() =>
      expect(sentTo(fetchMock, `${Z}/rest/obj/authority`)).toEqual([
        { id: 31, gxrids: ['rwfzr03'], cjrids: ['rwfzr02'] },
      ]),
    );
    expect(await screen.findByText(M.authoritySaved)).toBeTruthy();
  });

  it('shows no remove button to who may not', async () => {
    api([percentRow()], {}, { [`${Z}/rest/quality/selectcollent`]: () => ok([{ yhid: 'rwfzr04', yhmc: '吴婷' }]) });
    open();
    expect(await screen.findByText('吴婷')).toBeTruthy();
    expect(() => btn(`${T.removeCollector} 吴婷`)).toThrow();
    expect(() => btn(T.setPeople)).toThrow();
  });

  it('lists a row’s sampling records: each computed value with its run, each entered one with who', async () => {
    api(
      [percentRow()],
      {},
      {
        [`${Z}/rest/quality/samples`]: () =>
          ok([
            {
              id: 1,
              sj: '2026-10-01 02:00:00',
              cjz: '52',
              zlx: 'percent',
              sfdl: true,
              calRule: 70,
              jsgz: '双师型教师比例 V2',
              runId: 880,
              czr: null,
            },
            {
              id: 2,
              sj: '2026-10-02 02:00:00',
              cjz: '55.5',
              zlx: 'percent',
              sfdl: true,
              calRule: 70,
              jsgz: '双师型教师比例 V2',
              runId: null,
              czr: { id: 'zyfzr01', name: '林志华' },
            },
          ]),
      },
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: `双师型教师比例 ${T.samples}` }));
    const dialog = await dialogTitled(T.samplesOf('双师型教师比例'));
    expect(await within(dialog).findByText('52%')).toBeTruthy();
    expect(within(dialog).getByText('2026-10-02 02:00:00')).toBeTruthy();
    expect(within(dialog).getByText(T.sampleRun(880))).toBeTruthy();
    expect(within(dialog).getByText(T.sampleManual('林志华'))).toBeTruthy();
  });
});
