import { WEB_MSG } from '@zg/contract';
import { Button } from 'antd';
import { errorText } from '../api/errors';

/**
 * A load that failed: the server's message and 重试 (the page's error state). Plain markup in the style of antd's
 * Result, as the page error is.
 */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="zg-page-error zg-load-error" role="alert">
      <svg className="zg-page-error__icon" viewBox="0 0 24 24" width="56" height="56" aria-hidden="true">
        <circle cx="12" cy="12" r="11" fill="currentColor" />
        <path d="M12 6.5v7" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
        <circle cx="12" cy="17" r="1.3" fill="#fff" />
      </svg>
      <div className="zg-page-error__title">{WEB_MSG.loadFailedTitle}</div>
      <div className="zg-page-error__hint">{errorText(error, WEB_MSG.loadFailed)}</div>
      <Button type="primary" onClick={onRetry}>
        {WEB_MSG.retry}
      </Button>
    </div>
  );
}
