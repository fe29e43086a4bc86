import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppRoutes } from '../app/AppRoutes';
import { Providers } from '../app/Providers';
import { createQueryClient } from '../app/query-client';
import { QueryBoundary } from '../components/QueryBoundary';

/** Where the router is, for assertions: `screen.getByTestId('location').textContent`. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname + location.search}
    </output>
  );
}

const clients = new Set<ReturnType<typeof createQueryClient>>();

/** A fresh query cache that the test setup clears after each test, so no retry outlives its test. */
export function freshQueryClient() {
  const client = createQueryClient();
  clients.add(client);
  return client;
}

/** Cancels every query (and its pending retries) of the tests so far; called after each test. */
export function clearQueryClients() {
  for (const client of clients) client.clear();
  clients.clear();
}

/** Renders the app's routes at `route`, with the real providers and a fresh query cache. */
export function renderApp(route: string) {
  return render(
    <Providers queryClient={freshQueryClient()}>
      <QueryBoundary>
        <MemoryRouter initialEntries={[route]}>
          <AppRoutes />
          <LocationProbe />
        </MemoryRouter>
      </QueryBoundary>
    </Providers>,
  );
}

/** Renders one page at `route`, with a marker page at each of `others`. */
export function renderPage(page: ReactNode, route: string, others: string[] = []) {
  return render(
    <Providers queryClient={freshQueryClient()}>
      <QueryBoundary>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={route.split('?')[0]} element={page} />
            {others.map((path) => (
              <Route key={path} path={path} element={<div data-testid="route">{path}</div>} />
            ))}
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </QueryBoundary>
    </Providers>,
  );
}
