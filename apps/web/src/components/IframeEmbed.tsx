import { SHELL_TEXT as T } from '@zg/contract';
import { Spin } from 'antd';
import { useState } from 'react';

/**
 * Spec-2 section 2.12: an embedded page with a loading spinner until it has loaded, and the fallback text for a
 * browser without iframes. Scripts and forms run, but the page cannot navigate the platform's window.
 */
export function IframeEmbed({
  src,
  title = T.iframeTitle,
  height = 600,
}: {
  src: string;
  title?: string;
  height?: number | string;
}) {
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const loading = loadedSrc !== src;
  return (
    <div className="zg-iframe" style={{ height }}>
      {loading && (
        <div className="zg-iframe__loading" role="status" aria-live="polite">
          <Spin description={T.loading} size="large">
            <div className="zg-iframe__spin-box" />
          </Spin>
        </div>
      )}
      <iframe
        key={src}
        className="zg-iframe__frame"
        src={src}
        title={title}
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
        referrerPolicy="no-referrer"
        onLoad={() => setLoadedSrc(src)}
      >
        {T.iframeFallback}
      </iframe>
    </div>
  );
}
