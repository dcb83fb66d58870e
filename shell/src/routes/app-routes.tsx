import { PageTitle, TITLE_PRIORITY } from '@midway/ui';
import type { ReactNode } from 'react';
import { Route, Routes } from '@midway/ui/router';
import { RemoteView } from '../federation/remote-view';
import { AdminOnly } from './admin-only';
import { AuthGate } from './auth-gate';
import { DashboardRoute } from './dashboard-route';
import { NotFoundPage } from './not-found-page';
import { PageLoading } from './skeletons';
import { RouteFrame } from './page-frames';

/**
 * Every route names the browser tab ('Projects · Midway'), also while its remote loads or when it is unavailable;
 * the page a remote renders may name it more precisely (a project's name), which wins (TITLE_PRIORITY.page).
 */
function Titled({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <PageTitle title={title} priority={TITLE_PRIORITY.route} />
      {children}
    </>
  );
}

/** The tab titles of the signed-in routes, by path. */
export const ROUTE_TITLES = {
  '/': 'Dashboard',
  '/projects': 'Projects',
  '/projects/:id': 'Project',
  '/items': 'Items',
  '/services': 'Services',
  '/billing': 'Billing',
  '/auto-billing': 'Automatic Billing',
  '/receiving': 'Receiving',
  '/deliveries': 'Deliveries',
  '/storage': 'Storage',
} as const;

/** The route table. '/client/:token' is served by the gateway's own page, not by the shell. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<AuthGate />}>
        <Route
          index
          element={
            <Titled title={ROUTE_TITLES['/']}>
              <DashboardRoute />
            </Titled>
          }
        />
        <Route
          path="projects"
          element={
            <Titled title={ROUTE_TITLES['/projects']}>
              <RemoteView id="mf_projects/Routes" props={{ page: 'projects' }} label="Projects" loading={<RouteFrame page="projects" />} />
            </Titled>
          }
        />
        <Route
          path="projects/:id"
          element={
            <Titled title={ROUTE_TITLES['/projects/:id']}>
              <RemoteView id="mf_projects/Routes" props={{ page: 'project-detail' }} label="Project" loading={<PageLoading label="Loading project" />} />
            </Titled>
          }
        />
        <Route
          path="items"
          element={
            <Titled title={ROUTE_TITLES['/items']}>
              <RemoteView id="mf_items/Routes" props={{ page: 'items' }} label="Items" loading={<RouteFrame page="items" />} />
            </Titled>
          }
        />
        <Route
          path="services"
          element={
            <Titled title={ROUTE_TITLES['/services']}>
              <RemoteView id="mf_items/Routes" props={{ page: 'services' }} label="Services" loading={<RouteFrame page="services" />} />
            </Titled>
          }
        />
        <Route
          path="billing"
          element={
            <Titled title={ROUTE_TITLES['/billing']}>
              <RemoteView id="mf_billing/Routes" props={{ page: 'billing' }} label="Billing" loading={<RouteFrame page="billing" />} />
            </Titled>
          }
        />
        <Route
          path="auto-billing"
          element={
            <Titled title={ROUTE_TITLES['/auto-billing']}>
              <AdminOnly>
                <RemoteView id="mf_billing/Routes" props={{ page: 'auto-billing' }} label="Automatic billing" loading={<RouteFrame page="auto-billing" />} />
              </AdminOnly>
            </Titled>
          }
        />
        <Route
          path="receiving"
          element={
            <Titled title={ROUTE_TITLES['/receiving']}>
              <AdminOnly system="the receiving desk">
                <RemoteView id="mf_warehouse/Routes" props={{ page: 'receiving' }} label="Receiving" loading={<RouteFrame page="receiving" />} />
              </AdminOnly>
            </Titled>
          }
        />
        <Route
          path="deliveries"
          element={
            <Titled title={ROUTE_TITLES['/deliveries']}>
              <AdminOnly system="delivery runs">
                <RemoteView id="mf_warehouse/Routes" props={{ page: 'deliveries' }} label="Deliveries" loading={<RouteFrame page="deliveries" />} />
              </AdminOnly>
            </Titled>
          }
        />
        <Route
          path="storage"
          element={
            <Titled title={ROUTE_TITLES['/storage']}>
              <AdminOnly system="the warehouse floor">
                <RemoteView id="mf_warehouse/Routes" props={{ page: 'storage' }} label="Storage" loading={<RouteFrame page="storage" />} />
              </AdminOnly>
            </Titled>
          }
        />
      </Route>
      {/* An invitation e-mail's link: it works signed out too (it offers sign-in or sign-up), so it is outside the gate. */}
      <Route
        path="invitations/:token"
        element={
          <Titled title="Invitation">
            <RemoteView id="mf_projects/Routes" props={{ page: 'invitation' }} label="Invitation" loading={<PageLoading label="Loading invitation" />} />
          </Titled>
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
