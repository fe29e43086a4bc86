import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/App';

// The server's Content-Security-Policy allows no eval: zod must not even probe for it (its probe, though caught, is
// reported as a policy violation). Its interpreted path is as correct, and fast enough for the forms of a page.
z.config({ jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const root = createRoot(container);
// As a transition, the first render yields to the browser every few milliseconds instead of holding the main thread
// for the whole tree (antd computes its styles while rendering): input stays responsive while the page starts.
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
