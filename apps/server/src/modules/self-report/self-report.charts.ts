import { SELF_REPORT_SECTIONS, type SelfReportNameValue, type SelfReportOverview } from '@zg/contract';
import { type ChartImage, renderChart } from '../report';

/** The overview's charts, drawn on the server with the report module's renderer (spec-2 §2.5). */

const W = 600;
const H = 320;

const pie = (title: string, data: SelfReportNameValue[]) => ({
  title: { text: title, left: 'center' },
  legend: { bottom: 0 },
  series: [
    {
      type: 'pie',
      radius: ['35%', '62%'],
      label: { formatter: '{b}：{c}（{d}%）' },
      data: data.filter((d) => d.value > 0).map((d) => ({ name: d.name, value: d.value })),
    },
  ],
});

/** The charts of each overview item that has data (an item with none shows 暂无数据 instead). */
export async function overviewCharts(o: SelfReportOverview): Promise<Record<1 | 2 | 3, ChartImage[]>> {
  const [s1, s2, s3] = SELF_REPORT_SECTIONS;
  const chart = async (title: string, option: Parameters<typeof renderChart>[0]): Promise<ChartImage> => ({
    title,
    width: W,
    height: H,
    png: await renderChart(option, W, H),
  });
  const item1 = o.item1.zkdzsl
    ? [
        await chart(`${s1.name}：达标情况`, pie('达标情况', o.item1.zkddbqkList)),
        await chart(`${s1.name}：结果等级`, pie('结果等级', o.item1.zgQualitiesRankList)),
      ]
    : [];
  const item2 = o.item2.zkdwcqkList.some((x) => x.value > 0)
    ? [await chart(`${s2.name}：完成情况`, pie('完成情况', o.item2.zkdwcqkList))]
    : [];
  const item3 = o.item3.yjcs
    ? [
        await chart(`${s3.name}：预警次数`, {
          title: { text: '预警次数', left: 'center' },
          grid: { left: 50, right: 30, top: 60, bottom: 40 },
          xAxis: { type: 'category', data: o.item3.yjqkList.map((x) => x.name) },
          yAxis: { type: 'value', minInterval: 1 },
          series: [{ type: 'bar', data: o.item3.yjqkList.map((x) => x.value), barMaxWidth: 40, label: { show: true } }],
        }),
        await chart(`${s3.name}：预警占比`, pie('预警占比', o.item3.yjqkList)),
      ]
    : [];
  return { 1: item1, 2: item2, 3: item3 };
}
