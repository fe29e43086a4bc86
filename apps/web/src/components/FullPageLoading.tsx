import { Spin } from 'antd';

/** A centred spinner with a Chinese caption, for whole-page waits. */
export function FullPageLoading({ tip }: { tip: string }) {
  return (
    <div className="zg-full-page" role="status" aria-live="polite">
      <Spin size="large" />
      <div className="zg-full-page__tip">{tip}</div>
    </div>
  );
}
