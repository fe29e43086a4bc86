import { ALGORITHM_MSG, ALGORITHM_PARAM_NAMES } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import {
  completionsFor,
  extractParams,
  findGroup,
  groupTreeData,
  missingParams,
  offsetOf,
  paramsText,
  paramsToSend,
  placeInMessage,
  savedText,
  timeText,
  type WarehouseTableInfo,
} from './algorithm.logic';

const TABLES: WarehouseTableInfo[] = [
  {
    bm: 'jx_student',
    bzwm: '学生',
    fields: [
      { zdm: 'student_no', zdzwm: '学号', zdlx: 'text' },
      { zdm: 'major_code', zdzwm: '专业代码', zdlx: 'text' },
      { zdm: 'enrol_year', zdzwm: '入学年份', zdlx: 'integer' },
    ],
  },
  {
    bm: 'jx_major',
    bzwm: '专业',
    fields: [
      { zdm: 'major_code', zdzwm: '专业代码', zdlx: 'text' },
      { zdm: 'major_name', zdzwm: '专业名称', zdlx: 'text' },
    ],
  },
];
const labels = (cs: { label: string }[]) => cs.map((c) => c.label);

describe('extractParams', () => {
  it('finds the named parameters in ALGORITHM_PARAMS order, each once', () => {
    expect(extractParams('select :year, :objectId, :year from warehouse.t where c = :cycle')).toEqual([
      'year',
      'cycle',
      'objectId',
    ]);
  });

  it('skips casts, strings, quoted names and comments, as the server binds them', () => {
    const sql = [
      "select ':year' as s, \"a:cycle\" as q, x::int, 'it''s :dimension' -- :departmentId",
      '/* :objectId */ from warehouse.t where y = :year',
    ].join('\n');
    expect(extractParams(sql)).toEqual(['year']);
  });

  it('ignores names that are no parameter of the contract and an unfinished comment or string', () => {
    expect(extractParams('select :foo, :year_x')).toEqual([]);
    expect(extractParams("select :cycle, ' :year")).toEqual(['cycle']);
    expect(extractParams('select :dimension /* :year')).toEqual(['dimension']);
  });
});

describe('error position mapping', () => {
  it('reads the line and column the checker and PostgreSQL messages carry', () => {
    expect(placeInMessage(ALGORITHM_MSG.syntax('语法错误', { line: 3, column: 7 }))).toEqual({ line: 3, column: 7 });
    expect(placeInMessage(ALGORITHM_MSG.tableOutside('pg_user', { line: 12, column: 15 }))).toEqual({
      line: 12,
      column: 15,
    });
    expect(placeInMessage(ALGORITHM_MSG.timeout(5))).toBeNull();
    expect(placeInMessage(null)).toBeNull();
  });

  it('maps a 1-based line and column to an offset, clamped into the text', () => {
    const text = '-- 统计\nselect name,\n  nope from warehouse.t';
    expect(offsetOf(text, { line: 1, column: 1 })).toBe(0);
    expect(text.slice(offsetOf(text, { line: 3, column: 3 }))).toMatch(/^nope/);
    expect(text.slice(offsetOf(text, { line: 2, column: 8 }))).toMatch(/^name/);
    // Past the line's end: its end; past the last line: the last line; before the start: the start.
    expect(offsetOf(text, { line: 1, column: 99 })).toBe('-- 统计'.length);
    expect(offsetOf(text, { line: 9, column: 1 })).toBe(text.lastIndexOf('\n') + 1);
    expect(offsetOf(text, { line: 0, column: 0 })).toBe(0);
  });
});

describe('completion source', () => {
  it('offers the warehouse, its tables and fields, filtered by the word typed, with Chinese details', () => {
    const all = completionsFor(TABLES, 'select ');
    expect(labels(all)).toEqual([
      'warehouse',
      'jx_student',
      'jx_major',
      'student_no',
      'major_code',
      'enrol_year',
      'major_name',
    ]);
    const maj = completionsFor(TABLES, 'select maj');
    expect(labels(maj)).toEqual(['major_code', 'major_name']);
    expect(maj[0]).toMatchObject({ type: 'field', detail: '学生·专业代码（文本）' });
  });

  it('offers the tables after "warehouse." and a table’s fields after its name or alias', () => {
    expect(completionsFor(TABLES, 'select * from warehouse.')).toEqual([
      { label: 'jx_student', type: 'table', detail: '学生' },
      { label: 'jx_major', type: 'table', detail: '专业' },
    ]);
    expect(labels(completionsFor(TABLES, 'select jx_major.'))).toEqual(['major_code', 'major_name']);
    const text = 'select s.en from warehouse.jx_student as s';
    expect(labels(completionsFor(TABLES, 'select s.en', text))).toEqual(['enrol_year']);
    expect(completionsFor(TABLES, 'select zz.', text)).toEqual([]);
  });

  it('offers the named parameters after ":" but not after a cast', () => {
    expect(labels(completionsFor(TABLES, 'where major_code = :'))).toEqual([
      'year',
      'cycle',
      'objectId',
      'dimension',
      'departmentId',
    ]);
    expect(labels(completionsFor(TABLES, 'where y = :ye'))).toEqual(['year']);
    expect(labels(completionsFor(TABLES, 'select x::'))).not.toContain('year');
  });
});

describe('test parameters', () => {
  it('sends only the used, filled parameters, trimmed; the year as a number', () => {
    const sent = paramsToSend(['year', 'cycle', 'objectId'], {
      year: 2025,
      cycle: '  ',
      objectId: ' M01 ',
      dimension: 'major',
    });
    expect(sent).toEqual({ year: 2025, objectId: 'M01' });
    expect(missingParams(['year', 'cycle', 'objectId'], sent)).toEqual(['cycle']);
    expect(paramsToSend(['year'], { year: null })).toEqual({});
  });

  it('shows a run’s parameters by their Chinese names', () => {
    expect(paramsText({ objectId: 'M01', year: 2025 }, ALGORITHM_PARAM_NAMES)).toBe('维度对象=M01，年度=2025');
    expect(paramsText({}, ALGORITHM_PARAM_NAMES)).toBe('无');
  });
});

describe('saving and groups', () => {
  it('tells of a new version when the current version changed', () => {
    expect(savedText(5, { bbid: 9, sfbb: 2 })).toBe('已保存为新版本 V2');
    expect(savedText(5, { bbid: 5, sfbb: 1 })).toBe('保存成功');
  });

  it('finds a group at any depth and labels the tree with the algorithm count', () => {
    const tree = [
      {
        id: 1,
        zmc: '教学',
        fid: null,
        px: 0,
        sfs: 2,
        children: [{ id: 2, zmc: '课程', fid: 1, px: 0, sfs: 0, children: [] }],
      },
    ];
    expect(findGroup(tree, 2)?.zmc).toBe('课程');
    expect(findGroup(tree, 3)).toBeUndefined();
    expect(groupTreeData(tree)).toEqual([
      { key: '1', title: '教学（2）', children: [{ key: '2', title: '课程', children: [] }] },
    ]);
  });
});

describe('timeText', () => {
  it('shows a server time in local time and leaves what is no time alone', () => {
    const local = new Date(2026, 10, 26, 9, 5, 7);
    expect(timeText(local.toISOString())).toBe('2026-11-26 09:05:07');
    expect(timeText('不是时间')).toBe('不是时间');
  });
});
