import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { createRoutes } from './routes';

// One query client for the app's life: the route loaders and the screens share its cache.
const queryClient = createQueryClient();
const router = createBrowserRouter(createRoutes(queryClient));

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
