import { type SelfReportNameValue, type SelfReportOverview, SELF_REPORT_TEXT as T } from '@zg/contract';
import { EChart } from '../../components/charts/EChart';
import { barOption, hasPieData, pieOption } from '../../components/charts/options';
import { EmptyState } from '../../components/EmptyState';

/**
 * The charts of one overview item (spec-2 §2.5), drawn by ECharts (loaded with the first chart, never with the page):
 * item 1 the attainment and grade pies, item 2 the completion pie, item 3 the warnings' bar and share pie; 暂无数据
 * for an item with nothing to draw.
 */

const HEIGHT = 240;
const slices = (list: SelfReportNameValue[]) => list.map((x) => ({ name: x.name, value: x.value }));

function Pie({ label, list }: { label: string; list: SelfReportNameValue[] }) {
  return (
    <figure className="zg-self-report__chart">
      <figcaption>{label}</figcaption>
      <EChart label={label} height={HEIGHT} option={pieOption(slices(list))} />
    </figure>
  );
}

export function OverviewCharts({ overview, item }: { overview: SelfReportOverview; item: 1 | 2 | 3 }) {
  if (item === 1) {
    const o = overview.item1;
    if (!o.zkdzsl) return <EmptyState />;
    return (
      <div className="zg-self-report__charts">
        <Pie label={T.chartAttain} list={o.zkddbqkList} />
        <Pie label={T.chartGrade} list={o.zgQualitiesRankList} />
      </div>
    );
  }
  if (item === 2) {
    const list = overview.item2.zkdwcqkList;
    if (!hasPieData(slices(list))) return <EmptyState />;
    return (
      <div className="zg-self-report__charts">
        <Pie label={T.chartFinish} list={list} />
      </div>
    );
  }
  const o = overview.item3;
  if (!o.yjcs) return <EmptyState />;
  const bar = barOption({
    categories: o.yjqkList.map((x) => x.name),
    series: [{ name: T.chartWarnCount, data: o.yjqkList.map((x) => x.value) }],
  });
  return (
    <div className="zg-self-report__charts">
      <figure className="zg-self-report__chart">
        <figcaption>{T.chartWarnCount}</figcaption>
        <EChart label={T.chartWarnCount} height={HEIGHT} option={bar} />
      </figure>
      <Pie label={T.chartWarnShare} list={o.yjqkList} />
    </div>
  );
}
