import { SHELL_TEXT } from '@zg/contract';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { FullPageLoading } from '../components/FullPageLoading';
import { lazyPage } from '../components/LazyPage';
import { LoginPage } from '../features/auth/LoginPage';
import { SessionGate } from './SessionGate';

const TableConfigurationPage = lazyPage(() => import('../features/table-config/TableConfigurationPage'));
// The signed-in shell (sidebar, top bar, menus, dialogs) and the route table load after sign-in: /login downloads
// none of it.
const SignedInApp = lazy(() => import('./SignedInApp'));

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
