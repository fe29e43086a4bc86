import type { ReactNode } from 'react';
import { ROUTES } from '../app/routes';
import { RouteTableContext } from '../session/routes';

/** The app's route table, as app/SignedInApp gives it to the signed-in pages (their menu lists what has a page). */
export function WithRouteTable({ children }: { children: ReactNode }) {
  return <RouteTableContext.Provider value={ROUTES}>{children}</RouteTableContext.Provider>;
}
