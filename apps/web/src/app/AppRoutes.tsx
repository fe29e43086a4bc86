import { Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { LoginPage } from '../features/auth/LoginPage';
import { HomePage } from '../features/home/HomePage';
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
      <Route
        element={
          <SessionGate>
            <Outlet />
          </SessionGate>
        }
      >
        <Route path="/index" element={<HomePage />} />
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
