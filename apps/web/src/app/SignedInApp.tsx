import { SignedInLayout } from '../features/shell/SignedInLayout';
import { RouteTableContext } from '../session/routes';
import { ROUTES } from './routes';

/**
 * The signed-in layout with the route table of this build. Loaded after sign-in with the layout, so /login downloads
 * neither the table nor the labels of the pages in it.
 */
export default function SignedInApp() {
  return (
    <RouteTableContext.Provider value={ROUTES}>
      <SignedInLayout />
    </RouteTableContext.Provider>
  );
}
