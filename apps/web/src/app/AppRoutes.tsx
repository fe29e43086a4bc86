import { SHELL_TEXT } from '@zg/contract';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { getLoginRecord, mayHoldSession } from '../api/session';
import { FullPageLoading } from '../components/FullPageLoading';
import { lazyPage } from '../components/LazyPage';
import { LoginPage } from '../features/auth/LoginPage';
import { SessionGate } from './SessionGate';

const TableConfigurationPage = lazyPage(() => import('../features/table-config/TableConfigurationPage'));
// The signed-in shell (sidebar, top bar, menus, dialogs) and the route table load after sign-in: /login downloads
// none of it.
const loadSignedInApp = () => import('./SignedInApp');
const SignedInApp = lazy(loadSignedInApp);

/**
 * Called once at start: a browser that holds a login record or a session cookie, opening a page of the signed-in app,
 * fetches the shell's code while its session is checked (try-login) instead of after, one round trip less before the
 * page (a phone on a slow network sees it seconds sooner). /login and a browser never signed in download none of it.
 */
export function prefetchSignedInApp(hash: string) {
  if (/^#\/login(?:[/?]|$)/.test(hash)) return;
  if (getLoginRecord() !== null || mayHoldSession()) void loadSignedInApp().catch(() => undefined);
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      {/* Spec-1 section 2: the table configuration screen, signed in but outside the layout. */}
      <Route
        path="/tableConfiguration/:id"
        element={
          <SessionGate>
            <TableConfigurationPage />
          </SessionGate>
        }
      />
      {/* `/`: to /index when signed in (or once the session is recovered), else /login or CAS (spec-1 section 2). */}
      <Route
        path="/"
        element={
          <SessionGate>
            <Navigate to="/index" replace />
          </SessionGate>
        }
      />
      {/* Everything else: inside the signed-in layout, which routes the user's menu to its pages. */}
      <Route
        path="*"
        element={
          <SessionGate>
            <Suspense fallback={<FullPageLoading tip={SHELL_TEXT.loading} />}>
              <SignedInApp />
            </Suspense>
          </SessionGate>
        }
      />
    </Routes>
  );
}
