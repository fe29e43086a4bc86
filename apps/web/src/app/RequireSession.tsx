import { useQuery } from '@tanstack/react-query';
import { UI_TEXT as TEXT } from '@zg/contract';
import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { getLoginRecord, setLoginRecord } from '../api/session';
import { FullPageLoading } from '../components/FullPageLoading';
import { tryLogin } from '../features/auth/auth.api';
import { useLoginRecord } from './use-login-record';

/**
 * Signed-in routes. Arriving without a stored login record, one try-login recovers it from the session cookie,
 * else to /login. A record that goes away while here (sign-out, expiry) means signed out: straight to /login.
 */
let visits = 0;

export function RequireSession() {
  const record = useLoginRecord();
  const location = useLocation();
  const [arrivedSignedIn] = useState(() => getLoginRecord() !== null);
  // Keyed per visit: a later visit never reuses an earlier visit's answer.
  const [visit] = useState(() => ++visits);
  const recovery = useQuery({
    queryKey: ['tryLogin', visit],
    queryFn: async ({ signal }) => {
      const recovered = await tryLogin(signal);
      setLoginRecord(recovered);
      return recovered;
    },
    enabled: record === null && !arrivedSignedIn,
    retry: false,
    gcTime: 0,
  });
  if (record) return <Outlet />;
  // Keyed by location: <Navigate> acts only when mounted, and a route change can arrive before its own commits
  // (router updates are transitions), so each new location gets a new one.
  if (arrivedSignedIn || recovery.isError) return <Navigate key={location.key} to="/login" replace />;
  return <FullPageLoading tip={TEXT.checkingSession} />;
}
