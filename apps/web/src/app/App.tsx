import { useState } from 'react';
import { HashRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';
import { Providers } from './Providers';
import { createQueryClient } from './query-client';
import './styles.css';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <Providers queryClient={queryClient}>
      <HashRouter>
        <AppRoutes />
      </HashRouter>
    </Providers>
  );
}
