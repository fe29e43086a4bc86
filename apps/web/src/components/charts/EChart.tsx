import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '../../session/theme';

/** What a click on a chart item reports. */
export interface ChartClick {
  name: string;
  dataIndex: number;
  seriesIndex: number;
  data: unknown;
}

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
}: {
  option: EChartsCoreOption;
  height: number;
  label: string;
  /** Called with the clicked item (a slice, a bar); the chart shows a pointer when it is given. */
  onClick?: (item: ChartClick) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [ready, setReady] = useState(false);
  // The latest handler, so a re-render with a new closure needs no re-binding.
  const clickRef = useRef(onClick);
  clickRef.current = onClick;

  useEffect(() => {
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    loadECharts().then(({ init }) => {
      const el = box.current;
      if (cancelled || !el) return;
      chart.current = init(el, undefined, {
        renderer: 'svg',
        // jsdom and hidden tabs have no layout: fall back to a sensible size.
        width: el.clientWidth || 480,
        height,
        locale: 'ZH',
      });
      observer = new ResizeObserver(() => chart.current?.resize({ width: el.clientWidth || undefined, height }));
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
  }, [height]);

  useEffect(() => {
    if (!ready) return;
    const still = prefersReducedMotion() ? { animation: false } : {};
    chart.current?.setOption({ backgroundColor: 'transparent', ...option, ...still }, { notMerge: true });
  }, [ready, option]);

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
