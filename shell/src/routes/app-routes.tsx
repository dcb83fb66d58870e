import { Route, Routes } from 'react-router-dom';
import { RemoteView } from '../federation/remote-view';
import { AdminOnly } from './admin-only';
import { AuthGate } from './auth-gate';
import { DashboardRoute } from './dashboard-route';
import { NotFoundPage } from './not-found-page';
import { CardsPageSkeleton, PageLoading } from './skeletons';

/** Spec section 2 route table. '/client/:token' is served by the gateway's own page, not by the shell. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<AuthGate />}>
        <Route index element={<DashboardRoute />} />
        <Route
          path="projects"
          element={<RemoteView id="mf_projects/Routes" props={{ page: 'projects' }} label="Projects" loading={<PageLoading label="Loading projects" />} />}
        />
        <Route
          path="projects/:id"
          element={<RemoteView id="mf_projects/Routes" props={{ page: 'project-detail' }} label="Project" loading={<PageLoading label="Loading project" />} />}
        />
        <Route path="items" element={<RemoteView id="mf_items/Routes" props={{ page: 'items' }} label="Items" loading={<CardsPageSkeleton />} />} />
        <Route path="services" element={<RemoteView id="mf_items/Routes" props={{ page: 'services' }} label="Services" loading={<CardsPageSkeleton />} />} />
        <Route
          path="billing"
          element={<RemoteView id="mf_billing/Routes" props={{ page: 'billing' }} label="Billing" loading={<PageLoading label="Loading billing" />} />}
        />
        <Route
          path="auto-billing"
          element={
            <AdminOnly>
              <RemoteView id="mf_billing/Routes" props={{ page: 'auto-billing' }} label="Automatic billing" loading={<PageLoading label="Loading automatic billing" />} />
            </AdminOnly>
          }
        />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
