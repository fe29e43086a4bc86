import {
  REPORT_DEFAULTS,
  REPORT_KIND,
  REPORT_LEVEL,
  REPORT_MSG,
  REPORT_SECTION,
  REPORT_STATUS,
  type ReportContent,
  type ReportLevel,
  type ReportSection,
  type ReportStatus,
  TARGET_REPORT_STATUS,
  type TargetReportStatus,
  WARNING_KIND,
} from '@zg/contract';
import {
  AlignmentType,
  BorderStyle,
  Document,
  HeadingLevel,
  ImageRun,
  Packer,
  PageBreak,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { type ChartImage, reportCharts } from './report.charts';

/** What the document shows besides the snapshot: the report's title and its current rating and audit. */
export interface DocxInput {
  title: string;
  levelSelf: string | null;
  status: string;
  auditReason: string | null;
  content: ReportContent;
}

const FONT = '宋体';
const HEADING_FONT = '黑体';
const CHINESE_NUMBERS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
const BORDER = { style: BorderStyle.SINGLE, size: 4, color: '999999' };
const BORDERS = { top: BORDER, bottom: BORDER, left: BORDER, right: BORDER };

const pad = (n: number) => String(n).padStart(2, '0');
/** A stored ISO time as local `YYYY-MM-DD HH:mm`. */
export function formatTime(iso: string) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const formatDateCn = (ymd: string) => {
  const [y, m, d] = ymd.split('-');
  return `${y}年${Number(m)}月${Number(d)}日`;
};
export function formatSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export const text = (value: string, opts: { bold?: boolean; size?: number; font?: string } = {}) =>
  new TextRun({ text: value, bold: opts.bold, size: opts.size, font: opts.font ?? FONT });

function cell(value: string, opts: { header?: boolean; width?: number } = {}) {
  return new TableCell({
    borders: BORDERS,
    width: opts.width ? { size: opts.width, type: WidthType.PERCENTAGE } : undefined,
    shading: opts.header ? { type: ShadingType.CLEAR, color: 'auto', fill: 'D9E2F3' } : undefined,
    children: [
      new Paragraph({
        alignment: opts.header ? AlignmentType.CENTER : AlignmentType.LEFT,
        children: [text(value, { bold: opts.header, size: 21 })],
      }),
    ],
  });
}

/** A bordered table with a shaded header row; an empty body shows one "no data" row across. */
export function table(headers: string[], rows: string[][], widths?: number[]) {
  const body = rows.length
    ? rows.map((r) => new TableRow({ children: r.map((v, i) => cell(v, { width: widths?.[i] })) }))
    : [
        new TableRow({
          children: [
            new TableCell({
              borders: BORDERS,
              columnSpan: headers.length,
              children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [text(REPORT_DEFAULTS.noData)] })],
            }),
          ],
        }),
      ];
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({
        tableHeader: true,
        children: headers.map((h, i) => cell(h, { header: true, width: widths?.[i] })),
      }),
      ...body,
    ],
  });
}

export const heading = (n: number, title: string) =>
  new Paragraph({
    heading: HeadingLevel.HEADING_2,
    spacing: { before: 360, after: 160 },
    children: [text(`${CHINESE_NUMBERS[n] ?? n + 1}、${title}`, { bold: true, size: 30, font: HEADING_FONT })],
  });

function coverPage(title: string, c: ReportContent) {
  const line = (label: string, value: string) =>
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { after: 240 },
      children: [text(`${label}：`, { size: 30, bold: true }), text(value, { size: 30 })],
    });
  return [
    new Paragraph({ spacing: { before: 2400 }, children: [] }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { after: 480 },
      children: [text(c.cover.title, { bold: true, size: 52, font: HEADING_FONT })],
    }),
    ...(c.cover.subtitle
      ? [
          new Paragraph({
            alignment: AlignmentType.CENTER,
            spacing: { after: 480 },
            children: [text(c.cover.subtitle, { size: 32 })],
          }),
        ]
      : []),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { after: 1600 },
      children: [text(title, { size: 32, bold: true })],
    }),
    line(REPORT_MSG.docSchool, c.cover.school),
    line(REPORT_MSG.docTask, c.facts.rwmc),
    line(REPORT_MSG.docDepartment, c.facts.fbbm ?? REPORT_DEFAULTS.unknown),
    line(REPORT_MSG.docOwner, c.facts.fzrmc ?? REPORT_DEFAULTS.unknown),
    line(REPORT_MSG.docDate, formatDateCn(c.cover.date)),
    new Paragraph({ children: [new PageBreak()] }),
  ];
}

function factsTable(input: DocxInput) {
  const f = input.content.facts;
  const level = input.levelSelf
    ? `${input.levelSelf} ${REPORT_LEVEL[input.levelSelf as ReportLevel]}`
    : REPORT_DEFAULTS.unknown;
  const pairs: [string, string][] = [
    [REPORT_MSG.docTask, f.rwmc],
    [REPORT_MSG.factYearTarget, f.yearTargetName],
    [REPORT_MSG.factType, `${f.rwlx} ${f.rwlxmc}`],
    [REPORT_MSG.docDepartment, f.fbbm ?? REPORT_DEFAULTS.unknown],
    [REPORT_MSG.docOwner, f.fzrmc ?? REPORT_DEFAULTS.unknown],
    [REPORT_MSG.factAuditor, f.jkrmc ?? REPORT_DEFAULTS.unknown],
    [REPORT_MSG.factPeriod, `${f.kssj} 至 ${f.jssj}`],
    [REPORT_MSG.factStatus, f.rwztmc],
    [REPORT_MSG.factProgress, `${f.rwjd}%`],
    [REPORT_MSG.factLevel, level],
    [
      REPORT_MSG.factReportStatus,
      TARGET_REPORT_STATUS[input.status as TargetReportStatus] + (input.auditReason ? `（${input.auditReason}）` : ''),
    ],
  ];
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: pairs.map(
      ([k, v]) => new TableRow({ children: [cell(k, { header: true, width: 25 }), cell(v, { width: 75 })] }),
    ),
  });
}

async function section(key: ReportSection, input: DocxInput) {
  const c = input.content;
  switch (key) {
    case 'facts':
      return [factsTable(input)];
    case 'progress':
      return [
        table(
          [
            REPORT_MSG.docIndex,
            REPORT_MSG.docPeriod,
            REPORT_MSG.docKind,
            REPORT_MSG.docContent,
            REPORT_MSG.docProgress,
            REPORT_MSG.docSubmitter,
            REPORT_MSG.docSubmittedAt,
            REPORT_MSG.docAuditResult,
          ],
          c.progress.map((p, i) => [
            String(i + 1),
            p.periodKey === 'final' ? '—' : p.periodKey,
            REPORT_KIND[p.kind],
            p.content,
            p.progress === null ? '—' : `${p.progress}%`,
            p.submitterName ?? '',
            formatTime(p.submittedAt),
            (REPORT_STATUS[p.status as ReportStatus] ?? p.status) + (p.reason ? `（${p.reason}）` : ''),
          ]),
          [6, 10, 10, 30, 9, 10, 13, 12],
        ),
      ];
    case 'attachments':
      return [
        table(
          [
            REPORT_MSG.docIndex,
            REPORT_MSG.docFileName,
            REPORT_MSG.docSource,
            REPORT_MSG.docUploader,
            REPORT_MSG.docUploadedAt,
            REPORT_MSG.docSize,
          ],
          c.attachments.map((a, i) => [
            String(i + 1),
            a.fileName,
            a.source,
            a.uploaderName ?? '',
            formatTime(a.createTime),
            formatSize(a.size),
          ]),
          [6, 36, 18, 12, 16, 12],
        ),
      ];
    case 'warnings':
      return [
        table(
          [
            REPORT_MSG.docIndex,
            REPORT_MSG.docWarningType,
            REPORT_MSG.docWarningKind,
            REPORT_MSG.docWarningKey,
            REPORT_MSG.docWarningAt,
            REPORT_MSG.docWarningState,
          ],
          c.warnings.map((w, i) => [
            String(i + 1),
            w.yjlxmc,
            WARNING_KIND[w.kind],
            w.warningKey,
            formatTime(w.raisedAt),
            w.open ? REPORT_MSG.warningOpen : REPORT_MSG.warningClosed,
          ]),
          [6, 24, 14, 18, 22, 16],
        ),
      ];
    case 'charts': {
      const charts = await reportCharts(c);
      if (!charts.length) return [new Paragraph({ children: [text(REPORT_DEFAULTS.noData)] })];
      return charts.flatMap(chartBlock);
    }
  }
}

/** A chart image centred with its title under it. */
export function chartBlock(ch: ChartImage) {
  return [
    new Paragraph({
      alignment: AlignmentType.CENTER,
      children: [
        new ImageRun({
          type: 'png',
          data: ch.png,
          transformation: { width: ch.width, height: ch.height },
          altText: { name: ch.title, title: ch.title, description: ch.title },
        }),
      ],
    }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { after: 240 },
      children: [text(ch.title, { size: 21 })],
    }),
  ];
}

/** A document of these paragraphs and tables in the reports' fonts, packed as .docx. */
export function packDocx(meta: { creator: string; title: string }, children: (Paragraph | Table)[]) {
  const doc = new Document({
    creator: meta.creator,
    title: meta.title,
    styles: { default: { document: { run: { font: FONT, size: 24 } } } },
    sections: [{ children }],
  });
  return Packer.toBuffer(doc);
}

/** The report as a Word document: cover page, then the template's sections with tables and chart images. */
export async function renderReportDocx(input: DocxInput): Promise<Buffer> {
  const c = input.content;
  const body: (Paragraph | Table)[] = [
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { after: 360 },
      children: [text(input.title, { bold: true, size: 36, font: HEADING_FONT })],
    }),
  ];
  if (c.preface) {
    body.push(
      new Paragraph({ children: [text(`${REPORT_MSG.docPreface}：`, { bold: true })] }),
      ...c.preface
        .split(/\r?\n/)
        .map((line) => new Paragraph({ indent: { firstLine: 480 }, spacing: { after: 120 }, children: [text(line)] })),
    );
  }
  let n = 0;
  for (const key of c.sections) {
    body.push(heading(n++, REPORT_SECTION[key]), ...(await section(key, input)));
  }
  return packDocx({ creator: c.cover.school, title: input.title }, [...coverPage(input.title, c), ...body]);
}
