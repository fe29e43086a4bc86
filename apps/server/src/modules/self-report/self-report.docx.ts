import {
  overviewSentences,
  REVIEW_KIND_NAMES,
  type SelfReportDetail,
  type SelfReportReviewVo,
  type SelfReportRow,
  SELF_REPORT_TABLES as T,
} from '@zg/contract';
import { AlignmentType, ImageRun, PageBreak, Paragraph, type Table } from 'docx';
import { docxChart, docxHeading, docxTable, docxText, packDocx } from '../report';
import { overviewCharts } from './self-report.charts';
import { stampPng } from './self-report.stamps';

/**
 * The self-diagnosis report as a Word document (the self-diagnosis layout): a cover, the header with the review stamps
 * and scores, the overview entries ticked in (their paragraph, charts and explanation), then the four tables. Built
 * with the report module's renderers (charts to PNG, tables, headings), not a copy.
 */

const NO_DATA = '暂无数据';
const p = (value: string, opts: { bold?: boolean; size?: number; center?: boolean; indent?: boolean } = {}) =>
  new Paragraph({
    alignment: opts.center ? AlignmentType.CENTER : AlignmentType.LEFT,
    indent: opts.indent ? { firstLine: 480 } : undefined,
    spacing: { after: 120 },
    children: [docxText(value, { bold: opts.bold, size: opts.size })],
  });

/** The cover's text from a self-diagnosis template (report module): its title, and its preface under it. */
export interface CoverText {
  title: string;
  preface: string | null;
}

function cover(d: SelfReportDetail, text?: CoverText) {
  const h = d.content.header;
  return [
    new Paragraph({ spacing: { before: 2400 }, children: [] }),
    p(text?.title || h.reportName, { bold: true, size: 44, center: true }),
    ...(text?.preface ? [p(text.preface, { size: 28, center: true })] : []),
    new Paragraph({ spacing: { after: 1200 }, children: [] }),
    p(`采集项：${h.reportHeaderVos.map((x) => x.cjname).join('、')}`, { size: 30, center: true }),
    p(`负责人：${h.principal || '—'}`, { size: 30, center: true }),
    p(`报告时间：${h.createTimeFmt}`, { size: 30, center: true }),
    p(`状态：${d.ztmc}`, { size: 30, center: true }),
    new Paragraph({ children: [new PageBreak()] }),
  ];
}

async function stamp(kind: 'expert' | 'school', r: SelfReportReviewVo | null) {
  const name = REVIEW_KIND_NAMES[kind];
  if (!r) return [p(`${name}：尚未评审`)];
  const png = await stampPng(r.fhjg, name);
  const score = r.isChecked ? `，得分 ${r.score}` : '';
  return [
    new Paragraph({
      children: [
        new ImageRun({
          type: 'png',
          data: png,
          transformation: { width: 100, height: 100 },
          altText: { name: `${name}章`, title: `${name}：${r.fhjgmc}`, description: `${name}章：${r.fhjgmc}` },
        }),
        docxText(`  ${name}：${r.fhjgmc}${score}（${r.reviewer ?? ''}，${r.time}）`, { bold: true }),
      ],
    }),
    ...(r.opinion ? [p(`评审意见：${r.opinion}`, { indent: true })] : []),
  ];
}

const value = (v: string | null) => v ?? '—';
const rowTable = (rows: SelfReportRow[], withAnalysis: boolean) =>
  docxTable(
    [
      '序号',
      '层级',
      '名称',
      '标准值',
      '目标值',
      '本次结果',
      '本次等级',
      '上次结果',
      '上次等级',
      ...(withAnalysis ? ['原因分析', '改进措施'] : []),
    ],
    rows.map((r, i) => [
      String(i + 1),
      r.levels.slice(0, -1).join(' / '),
      r.zkdmc,
      value(r.bzz),
      value(r.mbz),
      value(r.jgz),
      value(r.jgdj),
      value(r.sljsz),
      value(r.sldj),
      ...(withAnalysis ? [value(r.yyfx), value(r.gjcs)] : []),
    ]),
  );

export async function renderSelfReportDocx(d: SelfReportDetail, school: string, text?: CoverText): Promise<Buffer> {
  const c = d.content;
  const sentences = overviewSentences(c.overview);
  const charts = await overviewCharts(c.overview);
  const body: (Paragraph | Table)[] = [
    ...cover(d, text),
    p(c.header.reportName, { bold: true, size: 36, center: true }),
    ...(await stamp('expert', d.expertReviewVo)),
    ...(await stamp('school', d.schoolReviewVo)),
  ];
  let n = 0;
  body.push(docxHeading(n++, '总体概述'));
  for (const e of d.entries.filter((x) => x.isChecked)) {
    const id = e.id as 1 | 2 | 3;
    body.push(p(`${e.num} ${e.name}`, { bold: true }), p(sentences[id], { indent: true }));
    if (charts[id].length) body.push(...charts[id].flatMap(docxChart));
    else body.push(p(NO_DATA, { center: true }));
    if (e.nr) body.push(p(`说明：${e.nr}`, { indent: true }));
  }
  body.push(docxHeading(n++, T.monitor), rowTable(c.rows, false));
  body.push(
    docxHeading(n++, T.below),
    rowTable(
      c.rows.filter((r) => r.dis),
      true,
    ),
  );
  body.push(
    docxHeading(n++, T.unfinished),
    rowTable(
      c.rows.filter((r) => r.unfin),
      true,
    ),
  );
  body.push(
    docxHeading(n++, T.warnings),
    docxTable(
      ['序号', '质控点名称', '预警值', '原因分析', '处理措施', '预警次数', '处理次数', '处理人'],
      c.warnings.map((w, i) => [
        String(i + 1),
        w.zkdmc,
        value(w.yjz),
        value(w.yyfx),
        value(w.clcs),
        String(w.allNum),
        String(w.disposeNum),
        value(w.clrmc),
      ]),
    ),
  );
  if (d.changes.length)
    body.push(
      docxHeading(n++, '提交后数据变化'),
      docxTable(
        ['数据项', '提交时', '当前'],
        d.changes.map((x) => [x.label, x.submitted, x.today]),
      ),
    );
  return packDocx({ creator: school, title: c.header.reportName }, body);
}
