import { WEB_MSG } from '@zg/contract';
import { Button } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError } from '../api/chunk-errors';
import { ApiError } from '../api/errors';
import { reportUnhandled } from '../api/global-errors';
import { PageLoadError } from './LazyPage';
import { LoadError } from './LoadError';

interface Props {
  children: ReactNode;
  /** Called before 重试 renders the children again (the query error reset, so failed queries load again). */
  onReset?: () => void;
}

interface State {
  error: unknown;
  failed: boolean;
}

/**
 * Catches what fails below it and shows it in place of the page:
 * - a failed load (a query without data throws its ApiError here; the query client has already shown the toast):
 *   the server's message and 重试;
 * - a page whose code did not arrive (failed or over 10 s, `lazyPage`): the spec's "Error!" and an offer to reload
 *   (saying a new version was deployed when its chunk is gone);
 * - a part of the app that cannot be loaded any more (a new version was deployed): an offer to reload;
 * - any other render error: an error toast through the global handler, and a page that offers a reload.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: Error, _info: ErrorInfo): void {
    if (error instanceof ApiError || error instanceof PageLoadError || isChunkLoadError(error)) return;
    reportUnhandled(error);
  }

  private retry = () => {
    this.props.onReset?.();
    this.setState({ error: null, failed: false });
  };

  override render() {
    const { error, failed } = this.state;
    if (!failed) return this.props.children;
    if (error instanceof ApiError) return <LoadError error={error} onRetry={this.retry} />;
    const pageLoad = error instanceof PageLoadError;
    const newVersion = isChunkLoadError(pageLoad ? error.cause : error);
    const title = pageLoad ? WEB_MSG.pageLoadError : newVersion ? WEB_MSG.newVersionTitle : WEB_MSG.pageErrorTitle;
    const hint = newVersion ? WEB_MSG.newVersionHint : pageLoad ? WEB_MSG.pageLoadFailedHint : WEB_MSG.pageErrorHint;
    // Plain markup in the style of antd's Result: Result itself carries its large 403/404/500 drawings to every page.
    return (
      <div className="zg-page-error" role="alert">
        <svg className="zg-page-error__icon" viewBox="0 0 24 24" width="72" height="72" aria-hidden="true">
          <circle cx="12" cy="12" r="11" fill="currentColor" />
          <path d="M8.5 8.5l7 7M15.5 8.5l-7 7" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <div className="zg-page-error__title">{title}</div>
        <div className="zg-page-error__hint">{hint}</div>
        <Button type="primary" onClick={() => window.location.reload()}>
          {newVersion || pageLoad ? WEB_MSG.reloadNow : WEB_MSG.reloadPage}
        </Button>
      </div>
    );
  }
}
