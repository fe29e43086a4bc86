import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { prefetchSignedInApp } from './app/AppRoutes';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

prefetchSignedInApp(window.location.hash);
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
