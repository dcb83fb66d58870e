import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { getToasts, subscribeToasts } from './toast-store';

// Radix Toast (and its layers, portal and presence) is a chunk of its own: most visits never show a toast, and
// the signed-out landing page must not wait for it. The region mounts with the first toast and then stays.
const ToastRegion = lazy(() => import('./toast-region'));

/** The toast region (at most TOAST_LIMIT toasts, F8 moves focus to it), mounted once there is a toast. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
