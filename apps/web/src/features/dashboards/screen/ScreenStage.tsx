import {
  type DashboardChartData,
  SCREEN_FIGURE_NAMES,
  type Screen,
  type ScreenData,
  SHELL_TEXT,
  SCREEN_TEXT as T,
} from '@zg/contract';
import { Alert, Button, ConfigProvider, Space, Spin, theme } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ChartTheme } from '../../../components/charts';
import { Figure } from '../monitor/figures';
import { SubscribedChart } from '../SubscribedChart';
import { cellBox, stageFit } from './stage';

/** Follows the element's size (the window's, in full-screen mode). */
function useBoxSize(ref: React.RefObject<HTMLElement | null>) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/** Whether the element is the document's full-screen element (the Fullscreen API). */
function useFullScreen(ref: React.RefObject<HTMLElement | null>) {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const change = () => setOn(document.fullscreenElement === ref.current && !!ref.current);
    document.addEventListener('fullscreenchange', change);
    return () => document.removeEventListener('fullscreenchange', change);
  }, [ref]);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void ref.current?.requestFullscreen?.();
  };
  return { on, toggle };
}

/**
 * 数据大屏: a 1920 x 1080 stage on the dark theme, scaled (CSS transform) to fit the window or the whole screen in
 * full-screen mode, its items placed on the 24 x 12 grid: each chart drawn from the screen's one data request (or
 * its own error), each figure from the monitoring figures.
 */
export function ScreenStage({
  screen,
  data,
  pending,
  updatedAt,
  tools,
}: {
  screen: Screen;
  data: ScreenData | undefined;
  pending: boolean;
  updatedAt: string | null;
  tools?: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const size = useBoxSize(box);
  const full = useFullScreen(box);
  const fit = stageFit(size.width, size.height);
  const chartOf = new Map<number, DashboardChartData>((data?.list ?? []).map((d) => [d.id, d]));
  return (
    <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>
      <ChartTheme.Provider value="dark">
        <div ref={box} className={`zg-screen${full.on ? ' zg-screen--full' : ''}`}>
          <div
            className="zg-screen__stage"
            style={{ transform: `translate(${fit.left}px, ${fit.top}px) scale(${fit.scale})` }}
          >
            <header className="zg-screen__header">
              <h1 className="zg-screen__title">{screen.mc}</h1>
              <span className="zg-screen__meta">
                {updatedAt ? T.refreshed(updatedAt) : ''} · {T.refreshEvery(screen.refresh)}
                {data ? ` · ${T.year} ${data.year}` : ''}
              </span>
              <Space className="zg-screen__tools">
                {tools}
                <Button type="primary" onClick={full.toggle}>
                  {full.on ? T.exitFullScreen : T.fullScreen}
                </Button>
              </Space>
            </header>
            {screen.items.map((item, i) => {
              const b = cellBox(item);
              const title = item.title || (item.figure ? SCREEN_FIGURE_NAMES[item.figure] : '');
              return (
                <section
                  // biome-ignore lint/suspicious/noArrayIndexKey: an item is its place in the saved layout.
                  key={i}
                  className="zg-screen__panel"
                  aria-label={title}
                  style={{ left: b.left, top: b.top, width: b.width, height: b.height }}
                >
                  <h2 className="zg-screen__panel-title">{title}</h2>
                  <div className="zg-screen__panel-body">
                    {item.kind === 'chart' ? (
                      <SubscribedChart data={chartOf.get(i)} pending={pending} label={title} height={b.body} />
                    ) : data?.figures && item.figure ? (
                      <Figure figure={item.figure} data={data.figures} height={b.body} />
                    ) : pending ? (
                      <Spin />
                    ) : (
                      <Alert type="info" showIcon message={SHELL_TEXT.noData} />
                    )}
                  </div>
                </section>
              );
            })}
          </div>
        </div>
      </ChartTheme.Provider>
    </ConfigProvider>
  );
}
