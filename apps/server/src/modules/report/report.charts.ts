import { periodLabel, REPORT_MSG, REPORT_STATUS, type ReportContent, type ReportStatus } from '@zg/contract';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import sharp from 'sharp';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TitleComponent, SVGRenderer]);

/** A chart rendered on the server: its title and a PNG of `width` x `height` points (drawn at twice that). */
export interface ChartImage {
  title: string;
  png: Buffer;
  width: number;
  height: number;
}

const WIDTH = 600;
const HEIGHT = 320;
const FONT = "'Noto Sans CJK SC', 'Source Han Sans SC', 'Microsoft YaHei', sans-serif";

/** Renders one ECharts option to SVG on the server (no DOM), then to PNG with sharp. */
export async function renderChart(option: echarts.EChartsCoreOption, width = WIDTH, height = HEIGHT) {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({ animation: false, textStyle: { fontFamily: FONT }, ...option });
    const svg = chart.renderToSVGString();
    return await sharp(Buffer.from(svg), { density: 144 }).png().toBuffer();
  } finally {
    chart.dispose();
  }
}

/** The charts of a report: progress over the reports, audit results of the reports, warnings per type. */
export async function reportCharts(content: ReportContent): Promise<ChartImage[]> {
  const out: ChartImage[] = [];
  const withProgress = content.progress.filter((p) => p.progress !== null);
  if (withProgress.length) {
    const title = REPORT_MSG.chartProgress;
    out.push({
      title,
      width: WIDTH,
      height: HEIGHT,
      png: await renderChart({
        title: { text: title, left: 'center' },
        grid: { left: 50, right: 30, top: 60, bottom: 40 },
        xAxis: { type: 'category', data: withProgress.map((p) => periodLabel(p.periodKey)) },
        yAxis: { type: 'value', min: 0, max: 100 },
        series: [
          { type: 'bar', data: withProgress.map((p) => p.progress), barMaxWidth: 40, label: { show: true } },
          { type: 'line', data: withProgress.map((p) => p.progress), smooth: true },
        ],
      }),
    });
  }
  if (content.progress.length) {
    const title = REPORT_MSG.chartAudit;
    const byStatus = new Map<string, number>();
    for (const p of content.progress) {
      const label = REPORT_STATUS[p.status as ReportStatus] ?? p.status;
      byStatus.set(label, (byStatus.get(label) ?? 0) + 1);
    }
    out.push({
      title,
      width: WIDTH,
      height: HEIGHT,
      png: await renderChart({
        title: { text: title, left: 'center' },
        legend: { bottom: 0 },
        series: [
          {
            type: 'pie',
            radius: ['35%', '65%'],
            label: { formatter: '{b}：{c}' },
            data: [...byStatus].map(([name, value]) => ({ name, value })),
          },
        ],
      }),
    });
  }
  if (content.warnings.length) {
    const title = REPORT_MSG.chartWarnings;
    const byType = new Map<string, number>();
    for (const w of content.warnings) byType.set(w.yjlxmc, (byType.get(w.yjlxmc) ?? 0) + 1);
    out.push({
      title,
      width: WIDTH,
      height: HEIGHT,
      png: await renderChart({
        title: { text: title, left: 'center' },
        grid: { left: 50, right: 30, top: 60, bottom: 40 },
        xAxis: { type: 'category', data: [...byType.keys()] },
        yAxis: { type: 'value', minInterval: 1 },
        series: [{ type: 'bar', data: [...byType.values()], barMaxWidth: 40, label: { show: true } }],
      }),
    });
  }
  return out;
}
