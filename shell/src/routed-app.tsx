import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './routes/app-routes';

/** The router and the route table: loaded on any page but a signed-out visitor's '/' (see Root in app.tsx). */
export default function RoutedApp() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
