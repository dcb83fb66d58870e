import { preloadableLazy } from '@midway/ui';

// The signed-in app's own chunks, as components the bootstrap can preload: the router, query client and route
// table (a signed-out visitor on '/' never loads them), and the layout (sidebar, header, search).
export const RoutedApp = preloadableLazy(() => import('../routed-app'));
export const AppLayout = preloadableLazy(() => import('../layout/app-layout'));
