import { useEffect, useState } from 'react';
import { HashRouter } from 'react-router-dom';
import { installGlobalErrorHandler } from '../api/global-errors';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { AppRoutes } from './AppRoutes';
import { Providers } from './Providers';
import { createQueryClient } from './query-client';
import './styles.css';

export function App() {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => installGlobalErrorHandler(), []);
  return (
    <Providers queryClient={queryClient}>
      <ErrorBoundary>
        <HashRouter>
          <AppRoutes />
        </HashRouter>
      </ErrorBoundary>
    </Providers>
  );
}
