import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';

/** Loads ECharts once, on the first chart shown. */
let runtime: Promise<typeof import('./echarts-runtime')> | null = null;
export function loadECharts() {
  runtime ??= import('./echarts-runtime');
  return runtime;
}

/**
 * One ECharts instance in a box of the given height, drawn as SVG, following the box's width.
 * ECharts is imported when the first chart mounts, never with the page.
 */
export function EChart({ option, height, label }: { option: EChartsCoreOption; height: number; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [ready, setReady] = useState(false);

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
    if (ready) chart.current?.setOption({ backgroundColor: 'transparent', ...option }, { notMerge: true });
  }, [ready, option]);

  return <div ref={box} className="zg-echart" role="img" aria-label={label} style={{ height }} />;
}
