import { SCREEN_GRID as G, type PublishedChart, SCREEN_FIGURE_NAMES, type ScreenItem } from '@zg/contract';
import ReactGridLayout, { getCompactor, type Layout, useContainerWidth } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import { placeItems, STAGE_HEADER } from './stage';

const MARGIN = 6;
/** Free placement as on the stage (no compaction), an item never pushed onto another. */
const COMPACTOR = getCompactor(null, false, true);

/** An item's label on the editor's grid: its title, its chart's name or its figure's. */
export function itemLabel(item: ScreenItem, charts: readonly PublishedChart[]) {
  if (item.title) return item.title;
  if (item.kind === 'figure') return item.figure ? SCREEN_FIGURE_NAMES[item.figure] : '';
  return charts.find((c) => c.id === item.ybpid)?.mc ?? '未选择图表';
}

/**
 * The screen's 24 x 12 grid in the editor, in the stage's proportions: items dragged into place and resized from
 * their corner with the mouse. The table below keeps the same cells as numbers (the keyboard's way); the server
 * puts anything still overlapping in place when the layout is saved.
 */
export function ScreenLayoutGrid<T extends ScreenItem & { key: number }>({
  items,
  charts,
  onChange,
}: {
  items: T[];
  charts: readonly PublishedChart[];
  onChange: (items: T[]) => void;
}) {
  const { width, containerRef, mounted } = useContainerWidth();
  // The 12 rows share the stage's height under its title bar, scaled to the grid's width.
  const rowHeight = Math.max(8, ((width * (G.height - STAGE_HEADER)) / G.width - MARGIN * (G.rows + 1)) / G.rows);
  const layout = items.map((i) => ({ i: String(i.key), x: i.x, y: i.y, w: i.w, h: i.h }));
  const stop = (l: Layout) => onChange(placeItems(items, l));
  return (
    <div ref={containerRef} className="zg-screen-editor__grid">
      {mounted && width > 0 && (
        <ReactGridLayout
          width={width}
          layout={layout}
          autoSize={false}
          style={{ height: (rowHeight + MARGIN) * G.rows + MARGIN }}
          gridConfig={{ cols: G.cols, rowHeight, margin: [MARGIN, MARGIN], maxRows: G.rows }}
          compactor={COMPACTOR}
          dragConfig={{ enabled: true, bounded: true }}
          resizeConfig={{ enabled: true, handles: ['se'] }}
          onDragStop={stop}
          onResizeStop={stop}
        >
          {items.map((i) => (
            <div key={String(i.key)} className="zg-screen-editor__item" data-testid={`screen-item-${i.key}`}>
              <span>{itemLabel(i, charts)}</span>
              <span className="zg-screen-editor__cell">
                {i.x},{i.y} · {i.w}×{i.h}
              </span>
            </div>
          ))}
        </ReactGridLayout>
      )}
    </div>
  );
}
