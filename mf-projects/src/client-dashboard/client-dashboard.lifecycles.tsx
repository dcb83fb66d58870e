import { ThemeProvider } from 'styled-components';
import { theme } from '@midway/ui';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { ClientProjectNotFound } from './client-project-not-found';
import { ClientDashboardRoot, type ClientDashboardRootProps } from './client-dashboard-root';

/**
 * single-spa lifecycles of the public client dashboard (mf_projects/ClientDashboard). Any host mounts it with
 * `mount({ name, domElement, token })`; the gateway's /client/{token} page does exactly that.
 * A render error shows the spec's 'Project Not Found' screen rather than a blank page.
 */
const lifecycles = singleSpaReact<ClientDashboardRootProps>({
  React,
  ReactDOMClient,
  rootComponent: ClientDashboardRoot,
  errorBoundary: () => (
    <ThemeProvider theme={theme}>
      <ClientProjectNotFound />
    </ThemeProvider>
  ),
});

/** What a host passes: a unique name, the element to render into, and the share token. */
export type ClientDashboardMountProps = ClientDashboardRootProps & { name: string; domElement: HTMLElement };
type Lifecycle = (props: ClientDashboardMountProps) => Promise<unknown>;

// single-spa's own props (singleSpa, mountParcel) are not used by this app, so a plain host need not supply them.
export const bootstrap = lifecycles.bootstrap as unknown as Lifecycle;
export const mount = lifecycles.mount as unknown as Lifecycle;
export const unmount = lifecycles.unmount as unknown as Lifecycle;
export const update = lifecycles.update as unknown as Lifecycle;
