import { Navigate, Route, Routes } from 'react-router-dom';
import { LoginPage } from '../features/auth/LoginPage';
import { HomePage } from '../features/home/HomePage';
import { RequireSession } from './RequireSession';
import { useLoginRecord } from './use-login-record';

/** `/`: to /index when signed in, else to /login (spec-1 section 2). */
function RootRedirect() {
  const record = useLoginRecord();
  return <Navigate to={record ? '/index' : '/login'} replace />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/" element={<RootRedirect />} />
      <Route element={<RequireSession />}>
        <Route path="/index" element={<HomePage />} />
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
