import { createQueryClient, MidwayProviders } from '@midway/ui';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './routes/app-routes';

const queryClient = createQueryClient();

export function App() {
  return (
    <MidwayProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </MidwayProviders>
  );
}
