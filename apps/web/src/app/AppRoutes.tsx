import { Navigate, Route, Routes } from 'react-router-dom';
import { LoginPage } from '../features/auth/LoginPage';
import { SignedInLayout } from '../features/shell/SignedInLayout';
import { SessionGate } from './SessionGate';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
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
            <SignedInLayout />
          </SessionGate>
        }
      />
    </Routes>
  );
}
