import { useQuery } from '@tanstack/react-query';
import { UI_TEXT as TEXT, WEB_MSG } from '@zg/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { type Location, Navigate, useLocation } from 'react-router-dom';
import { getLoginRecord } from '../api/session';
import { FullPageLoading } from '../components/FullPageLoading';
import { recoverSession } from '../features/auth/session-recovery';
import { useLoginRecord } from '../session/login-record';
import { loadSessionData } from '../session/session-data';

export const RECOVER_SESSION_KEY = 'recoverSession';

/** Visits of the gate, so a later visit never reuses an earlier visit's recovery. */
let visits = 0;

/**
 * Renders its children for a signed-in user and loads the session data (spec-1 sections 2 and 4). Arriving without
 * a stored login record, the session is recovered (CAS ticket, try-login), else the browser leaves for CAS, else
 * goes to /login with `from` set to this page. A record that goes away while here (sign-out, an ended session)
 * means signed out: straight to /login.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const record = useLoginRecord();
  const location = useLocation();
  const [arrivedSignedIn] = useState(() => getLoginRecord() !== null);
  const [visit] = useState(() => ++visits);
  const recovery = useQuery({
    queryKey: [RECOVER_SESSION_KEY, visit],
    queryFn: recoverSession,
    enabled: record === null && !arrivedSignedIn,
    retry: false,
    // A failed recovery means signed out (below), not an error state.
    throwOnError: false,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    if (record) void loadSessionData(record);
  }, [record]);

  if (record) return children;
  // Keyed by location: <Navigate> acts only when mounted, and a route change can arrive before its own commits
  // (router updates are transitions), so each new location gets a new one.
  if (arrivedSignedIn || recovery.data === 'signedIn') return <Navigate key={location.key} to="/login" replace />;
  if (recovery.data === 'signedOut' || recovery.isError) {
    return <Navigate key={location.key} to={loginFor(location)} replace />;
  }
  return <FullPageLoading tip={recovery.data === 'leaving' ? WEB_MSG.leavingForCas : TEXT.checkingSession} />;
}

/** /login, remembering the page to come back to after sign-in (none for the root, which goes to /index). */
function loginFor(location: Location): string {
  if (location.pathname === '/') return '/login';
  const params = new URLSearchParams(location.search);
  params.delete('ticket');
  const rest = params.toString();
  return `/login?${new URLSearchParams({ from: location.pathname + (rest ? `?${rest}` : '') })}`;
}
