import { QUALITY_WARNING_MSG as M, QUALITY_WARNING_KIND_NAMES, type QualityWarningKind } from '@zg/contract';
import ExcelJS from 'exceljs';
import type { MadeFile } from '../../platform/download';
import type { presentGridLine } from './quality-warning.service';

/** The warning record table as an .xlsx workbook (the columns of spec-2 §2.3, with task, object, kind and time). */
export async function warnGridWorkbook(lines: ReturnType<typeof presentGridLine>[]): Promise<MadeFile> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('预警记录');
  ws.columns = [
    { header: '诊改任务', key: 'rwmc', width: 28 },
    { header: '诊改对象', key: 'gzdxmc', width: 20 },
    { header: '质控点名称', key: 'zkdmc', width: 24 },
    { header: '预警类型', key: 'yjlx', width: 12 },
    { header: '预警值', key: 'yjz', width: 12 },
    { header: '最近预警时间', key: 'yjsj', width: 20 },
    { header: '原因分析', key: 'yyfx', width: 40 },
    { header: '处理措施', key: 'clcs', width: 40 },
    { header: '预警次数', key: 'allNum', width: 10 },
    { header: '处理次数', key: 'disposeNum', width: 10 },
    { header: '处理人', key: 'clrmc', width: 12 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const l of lines)
    ws.addRow({ ...l, yjlx: QUALITY_WARNING_KIND_NAMES[l.yjlx as QualityWarningKind], yjz: l.yjz ?? '' });
  return { name: M.exportName, buffer: Buffer.from(await wb.xlsx.writeBuffer()) };
}
