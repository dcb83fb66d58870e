import type { RemoteModuleId, RemoteModules } from '@midway/contracts';
import { lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { loadedRemoteModule, loadRemoteModule } from './load-remote-module';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { RemoteUnavailable } from './remote-unavailable';

type PropsOf<Id extends RemoteModuleId> = RemoteModules[Id] extends { default: ComponentType<infer P> } ? P : never;

export interface RemoteViewProps<Id extends RemoteModuleId> {
  id: Id;
  props: PropsOf<Id>;
  /** Skeleton shown while the remote's code loads. */
  loading: ReactNode;
  /** Replaces the default retry card, e.g. for a header button. */
  renderError?(retry: () => void, error: Error): ReactNode;
  /** Human name of the section for the retry card. */
  label?: string;
  /** Rendered next to the remote once it has loaded (hidden while loading or failed). */
  children?: ReactNode;
}

/** Suspense + error boundary with retry around one exposed module of a remote. */
export function RemoteView<Id extends RemoteModuleId>({ id, props, loading, renderError, label, children }: RemoteViewProps<Id>) {
  const [attempt, setAttempt] = useState(0);
  // A module already loaded renders at once (no fallback in between); otherwise a new lazy component per
  // attempt: React.lazy caches a rejected import for good.
  const Remote = useMemo(() => {
    const ready = attempt === 0 ? (loadedRemoteModule(id) as { default: ComponentType<PropsOf<Id>> } | undefined) : undefined;
    return ready ? ready.default : lazy(() => loadRemoteModule(id, { retry: attempt > 0 }) as Promise<{ default: ComponentType<PropsOf<Id>> }>);
  }, [id, attempt]);
  return (
    <RemoteErrorBoundary
      key={attempt}
      onRetry={() => setAttempt((a) => a + 1)}
      fallback={(retry, error) => (renderError ? renderError(retry, error) : <RemoteUnavailable label={label} onRetry={retry} />)}
    >
      <Suspense fallback={loading}>
        <Remote {...(props as PropsOf<Id> & object)} />
        {children}
      </Suspense>
    </RemoteErrorBoundary>
  );
}
