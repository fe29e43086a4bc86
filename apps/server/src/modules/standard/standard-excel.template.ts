import type { StandardExcelKey } from '@zg/contract';
import {
  CATEGORY_RENAMES,
  DIRECTION_NAMES,
  STANDARD_EXCEL_COLUMNS,
  STANDARD_LIMITS,
  VALUE_TYPE_NAMES,
  WARNING_CYCLE_NAMES,
  WARNING_MODE_NAMES,
  WARNING_OPERATORS,
} from '@zg/contract';
import { standardWorkbook } from './standard-excel.writer';

/**
 * The import template: the sheet with a few example rows (they import as they are, so a school sees the shape) and a
 * 说明 sheet saying what each column takes.
 */

const EXAMPLES: Partial<Record<StandardExcelKey, string>>[] = [
  { dimension: '专业建设', nh: '专业建设与人才培养质量' },
  {
    dimension: '专业建设',
    qcp: '双师素质教师比例',
    nh: '具有双师素质的专任教师占专任教师的比例',
    zdbz: '不低于 60%',
    bzz: '60',
    zlx: '百分比',
    fsdl: '是',
    direction: '越高越好',
    gradeRule: 'A=80;B=70;C=60',
    warningMode: '按值',
    warningOperator: '<',
    warningValue: '60',
    warningCycle: '每月',
  },
  {
    dimension: '专业建设',
    qcp: '双师素质教师比例',
    level1: '企业实践教师数',
    zlx: '数值',
    fsdl: '是',
  },
  {
    dimension: '专业建设',
    qcp: '人才培养方案',
    nh: '按国家专业教学标准制订并执行',
    bzz: '1',
    zlx: '有无',
    fsdl: '否',
  },
  {
    dimension: '专业建设',
    qcp: '专业评估结果',
    bzz: '合格',
    zlx: '等级',
    gradeRule: '优秀=A;良好=B;合格=C;不合格=D',
    warningMode: '按等级',
    warningOperator: '=',
    warningValue: 'D',
    warningCycle: '无',
  },
];

const NOTES: [string, string][] = [
  ['说明', '每行一个节点：最右边填写的层级列是该节点，左边各列是它的上级（上级必须在前面的行中出现过）。'],
  [
    '诊断维度',
    `顶层节点，只填名称和内涵。旧名称导入时改为新名称：${Object.entries(CATEGORY_RENAMES)
      .map(([a, b]) => `${a}→${b}`)
      .join('，')}。`,
  ],
  ['质控点', '诊断维度下的质控点。'],
  ['一级指标 … 四级指标', `质控点下的指标，最多 ${STANDARD_LIMITS.indicatorLevelsMax} 级。`],
  ['内涵、诊断标准', `文本，最多 ${STANDARD_LIMITS.textMax} 个字符。`],
  ['标准值', '有无、是否：0 或 1；百分比：0 至 100 的数值；数值：数值（可空）；等级：等级规则中的一个等级。'],
  ['值类型', `${Object.values(VALUE_TYPE_NAMES).join('、')}；不填为分组节点（不能填写标准值和规则）。`],
  ['是否定量', '是 / 否（不填为否）。'],
  ['计算规则', '值算法的名称（用当前版本）或 名称/V版本号，例如 生师比/V2；不填为手工填报。'],
  ['详情算法', '详情算法的名称（用当前版本）或 名称/V版本号：质控点详情「明细数据」列出的数据；可不填。'],
  ['方向', `${Object.values(DIRECTION_NAMES).join('、')}；填写分数线时必填。`],
  [
    '等级规则',
    '分数线：A=80;B=70;C=60（越高越好时 A>B>C，越低越好时 A<B<C，达不到 C 为 D）；值类型为等级时填等级列表：优秀=A;良好=B;合格=C;不合格=D。有无、是否不设等级规则。',
  ],
  ['预警模式', `${Object.values(WARNING_MODE_NAMES).join('、')}；四个预警列都不填则不预警。`],
  ['预警条件', `${WARNING_OPERATORS.join(' ')}，结果值满足条件时预警。`],
  ['预警值', '按值：数值；按等级：A、B、C、D（需要等级规则）。'],
  ['预警周期', `${Object.values(WARNING_CYCLE_NAMES).join('、')}（不填为无）。`],
];

export function standardTemplate() {
  const rows = EXAMPLES.map(
    (e) =>
      Object.fromEntries(STANDARD_EXCEL_COLUMNS.map((c) => [c.key, e[c.key] ?? ''])) as Record<
        StandardExcelKey,
        string
      >,
  );
  const wb = standardWorkbook(rows);
  const notes = wb.addWorksheet('说明');
  notes.columns = [
    { header: '列', key: 'column', width: 20 },
    { header: '填写说明', key: 'text', width: 100 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const [column, text] of NOTES) notes.addRow({ column, text });
  return wb;
}
