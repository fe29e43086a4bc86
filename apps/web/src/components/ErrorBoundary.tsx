import { WEB_MSG } from '@zg/contract';
import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportUnhandled } from '../app/global-errors';

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
    return (
      <Result
        status="error"
        title={WEB_MSG.pageErrorTitle}
        subTitle={WEB_MSG.pageErrorHint}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {WEB_MSG.reloadPage}
          </Button>
        }
      />
    );
  }
}
