import { LIMITS, SHELL_TEXT as T } from '@zg/contract';
import { useEffect, useState } from 'react';
import { prefersReducedMotion } from '../../session/theme';
import { animationFrames, clampPercent, gaugePercent } from './gauge';

const { size: SIZE, radius: RADIUS, lineWidth: LINE, stepMs: STEP_MS, decimals: DECIMALS } = LIMITS.gauge;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

export interface CircularGaugeProps {
  /** The percentage shown, when given directly. */
  percent?: number | null;
  /** Or the part and total it is computed from (0 when either is empty or zero). */
  part?: number | null;
  total?: number | null;
  /** The caption under the value; 自动采集率 by default (spec-2 section 2.14). */
  label?: string;
  color?: string;
}

/**
 * Spec-2 sections 2.14 and 9: a circular gauge, 250 by 250 with an 80 radius and a 10 wide line, that counts up to
 * its value over 2000 ms in 16 ms steps (at once when the system asks for reduced motion); the value is clamped to
 * 0-100 and shown with two decimals.
 */
export function CircularGauge({ percent, part, total, label = T.gaugeLabel, color }: CircularGaugeProps) {
  const target = percent != null ? clampPercent(percent) : gaugePercent(part, total);
  const [shown, setShown] = useState(0);

  useEffect(() => {
    if (prefersReducedMotion()) {
      setShown(target);
      return;
    }
    const frames = animationFrames(target);
    let i = 0;
    setShown(0);
    const timer = setInterval(() => {
      setShown(frames[i] ?? target);
      i += 1;
      if (i >= frames.length) clearInterval(timer);
    }, STEP_MS);
    return () => clearInterval(timer);
  }, [target]);

  const text = `${shown.toFixed(DECIMALS)}%`;
  return (
    <figure className="zg-gauge" style={{ width: SIZE, height: SIZE }}>
      <svg
        width={SIZE}
        height={SIZE}
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        role="img"
        aria-label={`${label} ${target.toFixed(DECIMALS)}%`}
      >
        <circle className="zg-gauge__track" cx={SIZE / 2} cy={SIZE / 2} r={RADIUS} fill="none" strokeWidth={LINE} />
        <circle
          className="zg-gauge__bar"
          cx={SIZE / 2}
          cy={SIZE / 2}
          r={RADIUS}
          fill="none"
          style={color ? { stroke: color } : undefined}
          strokeWidth={LINE}
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - shown / 100)}
          transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}
        />
        <text className="zg-gauge__value" x={SIZE / 2} y={SIZE / 2 - 8} textAnchor="middle" dominantBaseline="central">
          {text}
        </text>
        <text className="zg-gauge__label" x={SIZE / 2} y={SIZE / 2 + 22} textAnchor="middle" dominantBaseline="central">
          {label}
        </text>
      </svg>
    </figure>
  );
}
