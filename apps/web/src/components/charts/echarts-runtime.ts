// ECharts with only what the chart wrappers draw. Loaded by a dynamic import, so pages without a chart never
// download it (docs/ARCHITECTURE.md: ECharts via echarts/core, loaded lazily).
import { BarChart, LineChart, PieChart, RadarChart, ScatterChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  RadarComponent,
  ToolboxComponent,
  TooltipComponent,
} from 'echarts/components';
import { init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

use([
  BarChart,
  LineChart,
  PieChart,
  RadarChart,
  // 指标分析's correlation (issue 35 item 5).
  ScatterChart,
  GridComponent,
  LegendComponent,
  RadarComponent,
  TooltipComponent,
  SVGRenderer,
  // The trend charts' toolbox (data view, line/bar switch, save as image) and the warning value marked.
  MarkLineComponent,
  ToolboxComponent,
]);

export { init };
