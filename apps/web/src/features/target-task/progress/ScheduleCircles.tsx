import { type Period, SCHEDULE_COLOR, SCHEDULE_STATUS, type ScheduleStatus, PROGRESS_TEXT as T } from '@zg/contract';
import { Space, Tooltip, Typography } from 'antd';
import { circleOf } from './schedule';

/** One schedule circle: the schedule's colour, filled when audited, outlined otherwise. */
export function ScheduleCircle({ color, filled, size = 14 }: { color: string; filled: boolean; size?: number }) {
  return (
    <span
      className="zg-schedule-circle"
      data-filled={filled ? 'true' : 'false'}
      style={{ width: size, height: size, borderColor: color, background: filled ? color : 'transparent' }}
    />
  );
}

/** The periods of a task as a row of circles (spec-2 section 4), with the legend. */
export function ScheduleCircles({ periods }: { periods: Period[] }) {
  return (
    <div className="zg-schedule">
      <div className="zg-schedule__row">
        {periods.map((p) => {
          const c = circleOf(p);
          return (
            <Tooltip key={p.key} title={T.periodTip(p.label, c.label, p.deadline)}>
              <div className="zg-schedule__item" data-testid={`period-${p.key}`} data-schedule={p.schedule}>
                <ScheduleCircle color={c.color} filled={c.filled} />
                <Typography.Text className="zg-schedule__label">{p.label}</Typography.Text>
              </div>
            </Tooltip>
          );
        })}
      </div>
      <Space size="middle" wrap className="zg-schedule__legend">
        <Typography.Text type="secondary">{T.legend}：</Typography.Text>
        {(Object.keys(SCHEDULE_STATUS) as ScheduleStatus[]).map((s) => (
          <Space key={s} size={4}>
            <ScheduleCircle color={SCHEDULE_COLOR[s]} filled={false} size={10} />
            <Typography.Text type="secondary">{SCHEDULE_STATUS[s]}</Typography.Text>
          </Space>
        ))}
        <Typography.Text type="secondary">{T.filledMeansAudited}</Typography.Text>
      </Space>
    </div>
  );
}
