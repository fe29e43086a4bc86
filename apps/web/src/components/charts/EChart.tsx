import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '../../session/theme';

/** What a click on a chart item reports. */
export interface ChartClick {
  name: string;
  dataIndex: number;
  seriesIndex: number;
  data: unknown;
}

/** The ECharts theme of the charts below (the data screen draws on ECharts' built-in dark theme). */
export const ChartTheme = createContext<'dark' | undefined>(undefined);

/** Loads ECharts once, on the first chart shown. */
let runtime: Promise<typeof import('./echarts-runtime')> | null = null;
export function loadECharts() {
  runtime ??= import('./echarts-runtime');
  return runtime;
}

/**
 * One ECharts instance in a box of the given height, drawn as SVG, following the box's width.
 * ECharts is imported when the first chart mounts, never with the page. For a user whose system asks for reduced
 * motion (prefers-reduced-motion, as antd's motion follows it) the chart is drawn at once, without its grow animation.
 */
export function EChart({
  option,
  height,
  label,
  onClick,
  tools,
}: {
  option: EChartsCoreOption;
  /** The toolbox: 数据视图 (the data as a table) and 导出PNG (the chart as a PNG file named by its label). */
  tools?: boolean;
  height: number;
  label: string;
  /** Called with the clicked item (a slice, a bar); the chart shows a pointer when it is given. */
  onClick?: (item: ChartClick) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [ready, setReady] = useState(false);
  const theme = useContext(ChartTheme);
  // The latest handler, so a re-render with a new closure needs no re-binding.
  const clickRef = useRef(onClick);
  clickRef.current = onClick;
  // The latest height: a new height resizes the chart (re-creating it lost its option: the old and new instance's
  // ready flags batched into one unchanged state, so a dashboard card resized from its corner drew nothing).
  const heightRef = useRef(height);
  heightRef.current = height;

  useEffect(() => {
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    loadECharts().then(({ init }) => {
      const el = box.current;
      if (cancelled || !el) return;
      chart.current = init(el, theme, {
        renderer: 'svg',
        // jsdom and hidden tabs have no layout: fall back to a sensible size.
        width: el.clientWidth || 480,
        height: heightRef.current,
        locale: 'ZH',
      });
      observer = new ResizeObserver(() =>
        chart.current?.resize({ width: el.clientWidth || undefined, height: heightRef.current }),
      );
      observer.observe(el);
      chart.current.on('click', (p) => {
        const params = p as { name?: string; dataIndex?: number; seriesIndex?: number; data?: unknown };
        clickRef.current?.({
          name: params.name ?? '',
          dataIndex: params.dataIndex ?? 0,
          seriesIndex: params.seriesIndex ?? 0,
          data: params.data,
        });
      });
      setReady(true);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
      setReady(false);
    };
  }, [theme]);

  useEffect(() => {
    chart.current?.resize({ width: box.current?.clientWidth || undefined, height });
  }, [height]);

  useEffect(() => {
    if (!ready) return;
    const still = prefersReducedMotion() ? { animation: false } : {};
    const toolbox = tools ? { toolbox: chartToolbox(label, () => chart.current) } : {};
    chart.current?.setOption({ backgroundColor: 'transparent', ...option, ...toolbox, ...still }, { notMerge: true });
  }, [ready, option, tools, label]);

  return (
    <div
      ref={box}
      className="zg-echart"
      role="img"
      aria-label={label}
      style={{ height, cursor: onClick ? 'pointer' : undefined }}
    />
  );
}

/** The toolbox of a chart: the data view (read only) and a PNG export drawn from the SVG. */
export function chartToolbox(label: string, chartOf: () => EChartsType | null) {
  return {
    right: 8,
    feature: {
      dataView: { readOnly: true, title: '数据视图', lang: ['数据视图', '关闭', '刷新'] },
      myPng: {
        show: true,
        title: '导出PNG',
        icon: 'path://M4 20h16v-2H4v2zm8-4 5-5h-3V4h-4v7H7l5 5z',
        onclick: () => {
          const c = chartOf();
          if (c) void exportPng(c, label);
        },
      },
    },
  };
}

/** Draws the chart's SVG on a canvas (twice the size, on white) and downloads it as `<label>.png`. */
export async function exportPng(chart: EChartsType, label: string) {
  const svg = chart.getDataURL({ type: 'svg' });
  const img = new Image();
  await new Promise<void>((resolve, reject) => {
    img.onload = () => resolve();
    img.onerror = () => reject(new Error('image'));
    img.src = svg;
  });
  const canvas = document.createElement('canvas');
  canvas.width = chart.getWidth() * 2;
  canvas.height = chart.getHeight() * 2;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  const a = document.createElement('a');
  a.href = canvas.toDataURL('image/png');
  a.download = `${label || '图表'}.png`;
  a.click();
}
