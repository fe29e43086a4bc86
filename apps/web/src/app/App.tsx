import { useEffect, useState } from 'react';
import { HashRouter } from 'react-router-dom';
import { installGlobalErrorHandler } from '../api/global-errors';
import { QueryBoundary } from '../components/QueryBoundary';
import { AppRoutes } from './AppRoutes';
import { Providers } from './Providers';
import { createQueryClient } from './query-client';
import './styles.css';

export function App() {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => installGlobalErrorHandler(), []);
  return (
    <Providers queryClient={queryClient}>
      <QueryBoundary>
        <HashRouter>
          <AppRoutes />
        </HashRouter>
      </QueryBoundary>
    </Providers>
  );
}
