import { WEB_MSG } from '@zg/contract';
import { Button } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportUnhandled } from '../api/global-errors';

interface State {
  failed: boolean;
}

/** Catches a render error below it: an error toast through the global handler, and a page that offers a reload. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, _info: ErrorInfo): void {
    reportUnhandled(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    // Plain markup in the style of antd's Result: Result itself carries its large 403/404/500 drawings to every page.
    return (
      <div className="zg-page-error" role="alert">
        <svg className="zg-page-error__icon" viewBox="0 0 24 24" width="72" height="72" aria-hidden="true">
          <circle cx="12" cy="12" r="11" fill="currentColor" />
          <path d="M8.5 8.5l7 7M15.5 8.5l-7 7" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <div className="zg-page-error__title">{WEB_MSG.pageErrorTitle}</div>
        <div className="zg-page-error__hint">{WEB_MSG.pageErrorHint}</div>
        <Button type="primary" onClick={() => window.location.reload()}>
          {WEB_MSG.reloadPage}
        </Button>
      </div>
    );
  }
}
