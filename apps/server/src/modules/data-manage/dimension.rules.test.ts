import { DIMENSION_MSG } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { closesCycle, type ImportRow, parentTypeProblem, planImport, type StoredObject } from './dimension.rules';

const R = DIMENSION_MSG.rule;
const TYPES = [
  { id: 1, code: 'school', name: '学校' },
  { id: 2, code: 'college', name: '学院' },
  { id: 3, code: 'major', name: '专业' },
  { id: 4, code: 'course', name: '课程' },
  { id: 8, code: 'department', name: '部门' },
  { id: 12, code: 'base', name: '实训基地' },
];

let n = 1;
const row = (cells: Partial<ImportRow>): ImportRow => ({
  row: ++n,
  type: '',
  code: '',
  name: '',
  parentType: '',
  parentCode: '',
  sort: '',
  enabled: '',
  ...cells,
});

describe('parentTypeProblem', () => {
  it('follows the built-in hierarchy and lets an added type take any parent', () => {
    const [school, college, major, course] = TYPES;
    expect(parentTypeProblem(course!, major!, TYPES)).toBeNull();
    expect(parentTypeProblem(course!, college!, TYPES)).toBe(DIMENSION_MSG.parentType('课程', '专业'));
    expect(parentTypeProblem(school!, college!, TYPES)).toBe(DIMENSION_MSG.noParentAllowed('学校'));
    expect(parentTypeProblem(TYPES[5]!, course!, TYPES)).toBeNull();
    expect(parentTypeProblem(course!, null, TYPES)).toBeNull();
  });
  it('finds a cycle when the object is in its new parent’s chain', () => {
    expect(closesCycle(5, [7, 6, 5, 1])).toBe(true);
    expect(closesCycle(5, [7, 6, 1])).toBe(false);
  });
});

describe('planImport', () => {
  it('takes parents that come later in the file and orders the writes parents first', () => {
    n = 1;
    const rows = [
      row({ type: '课程', code: 'C1', name: '高等数学', parentCode: 'M1' }),
      row({ type: 'major', code: 'M1', name: '软件技术', parentCode: 'X1' }),
      row({ type: '学院', code: 'X1', name: '信息学院', sort: '3', enabled: '否' }),
    ];
    const { problems, levels } = planImport(rows, TYPES, []);
    expect(problems).toEqual([]);
    expect(levels.map((l) => l.map((p) => p.code))).toEqual([['X1'], ['M1'], ['C1']]);
    expect(levels[0]![0]).toMatchObject({ typeId: 2, sort: 3, enabled: false, parentKey: null, storedId: null });
    expect(levels[2]![0]).toMatchObject({ parentKey: '3:M1' });
  });

  it('links to stored parents and updates stored objects of the same type and code', () => {
    n = 1;
    const stored: StoredObject[] = [
      { id: 10, typeId: 2, code: 'X1', parentId: null },
      { id: 11, typeId: 3, code: 'M1', parentId: 10 },
    ];
    const { problems, levels } = planImport(
      [row({ type: '专业', code: 'M1', name: '软件技术（新）', parentCode: 'X1' })],
      TYPES,
      stored,
    );
    expect(problems).toEqual([]);
    expect(levels[0]![0]).toMatchObject({ storedId: 11, parentKey: '2:X1' });
  });

  it('names row, column and rule for every bad cell', () => {
    n = 1;
    const rows = [
      row({ type: '', code: '', name: '' }),
      row({ type: '宿舍', code: 'D1', name: '一号楼' }),
      row({ type: '课程', code: 'C1', name: '数学', parentCode: 'M404' }),
      row({ type: '课程', code: 'C1', name: '数学重复' }),
      row({ type: '课程', code: 'C2', name: '英语', parentType: '学院', parentCode: 'X1' }),
      row({ type: '学校', code: 'S1', name: '本校', parentCode: 'X1' }),
      row({ type: '学院', code: 'X1', name: '信息学院', sort: '-1', enabled: '也许' }),
      row({ type: '实训基地', code: 'B1', name: '基地', parentCode: 'X1' }),
      row({ type: '课程', code: 'C3', name: '物理', parentType: '专业' }),
      row({ type: '课程', code: 'C4', name: 'x'.repeat(101) }),
    ];
    const { problems, levels } = planImport(rows, TYPES, []);
    expect(levels).toEqual([]);
    expect(problems).toEqual([
      { row: 2, column: 'type', rule: R.required },
      { row: 2, column: 'code', rule: R.required },
      { row: 2, column: 'name', rule: R.required },
      { row: 3, column: 'type', rule: R.unknownType, value: '宿舍' },
      { row: 4, column: 'parentCode', rule: R.unknownParent, value: 'M404' },
      { row: 5, column: 'code', rule: R.duplicateInFile(4), value: 'C1' },
      { row: 6, column: 'parentType', rule: R.parentType('专业'), value: '学院' },
      { row: 7, column: 'parentCode', rule: R.noParent, value: 'X1' },
      { row: 8, column: 'sort', rule: R.sort, value: '-1' },
      { row: 8, column: 'enabled', rule: R.yesNo, value: '也许' },
      { row: 9, column: 'parentType', rule: R.required },
      { row: 10, column: 'parentCode', rule: R.parentTypeWithoutCode },
      { row: 11, column: 'name', rule: R.tooLong(100), value: 'x'.repeat(101) },
    ]);
  });

  it('finds cycles within the file and through stored parents', () => {
    n = 1;
    const inFile = planImport(
      [
        row({ type: '部门', code: 'A', name: 'A', parentType: '部门', parentCode: 'B' }),
        row({ type: '部门', code: 'B', name: 'B', parentType: '部门', parentCode: 'C' }),
        row({ type: '部门', code: 'C', name: 'C', parentType: '部门', parentCode: 'A' }),
        row({ type: '部门', code: 'D', name: 'D', parentType: '部门', parentCode: 'A' }),
      ],
      TYPES,
      [],
    );
    expect(inFile.problems.map((p) => [p.row, p.rule])).toEqual([
      [2, R.cycle],
      [3, R.cycle],
      [4, R.cycle],
    ]);

    // Stored: P is the parent of Q. The file makes Q the parent of P.
    n = 1;
    const stored: StoredObject[] = [
      { id: 1, typeId: 8, code: 'P', parentId: null },
      { id: 2, typeId: 8, code: 'Q', parentId: 1 },
    ];
    const through = planImport(
      [row({ type: '部门', code: 'P', name: 'P', parentType: '部门', parentCode: 'Q' })],
      TYPES,
      stored,
    );
    expect(through.problems).toEqual([{ row: 2, column: 'parentCode', rule: R.cycle, value: 'Q' }]);

    // An object its own parent.
    n = 1;
    const self = planImport(
      [row({ type: '部门', code: 'S', name: 'S', parentType: '部门', parentCode: 'S' })],
      TYPES,
      [],
    );
    expect(self.problems).toEqual([{ row: 2, column: 'parentCode', rule: R.cycle, value: 'S' }]);
  });

  it('plans a chain as deep as allowed, parents last in the file, and refuses a deeper one', () => {
    const chain = (length: number) => {
      n = 1;
      return Array.from({ length }, (_, i) =>
        row({
          type: '部门',
          code: `D${i}`,
          name: `部门${i}`,
          ...(i ? { parentType: '部门', parentCode: `D${i - 1}` } : {}),
        }),
      ).reverse();
    };
    const { problems, levels } = planImport(chain(20), TYPES, []);
    expect(problems).toEqual([]);
    expect(levels).toHaveLength(20);
    expect(levels[19]![0]!.code).toBe('D19');
    const deep = planImport(chain(21), TYPES, []);
    expect(deep.problems).toEqual([{ row: 22, column: 'parentCode', rule: R.tooDeep(20), value: 'D19' }]);
  });
});
