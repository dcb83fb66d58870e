import type { RemoteModuleId, RemoteModules } from '@midway/contracts';
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
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

type RemoteComponent = ComponentType<object>;

/**
 * One lazy component per remote module and load generation, kept outside React. A render that suspends inside a
 * transition (a navigation from one remote route to another) is not committed, so a lazy() made in render (even
 * in useMemo) was made anew on every retry of that render: a remote that failed to load was fetched again and
 * again, thousands of times, while the old page stayed on screen.
 */
const lazies = new Map<string, RemoteComponent>();
const generations = new Map<RemoteModuleId, number>();

function lazyRemote(id: RemoteModuleId): RemoteComponent {
  const generation = generations.get(id) ?? 0;
  const key = `${id}#${generation}`;
  let component = lazies.get(key);
  if (!component) {
    component = lazy(() => loadRemoteModule(id, { retry: generation > 0 }) as Promise<{ default: RemoteComponent }>);
    lazies.set(key, component);
  }
  return component;
}

/** After a failure, the next render of this module (a retry, or a later visit) loads it again. */
function forgetFailedLoad(id: RemoteModuleId): void {
  generations.set(id, (generations.get(id) ?? 0) + 1);
}

/** Suspense + error boundary with retry around one exposed module of a remote. */
export function RemoteView<Id extends RemoteModuleId>({ id, props, loading, renderError, label, children }: RemoteViewProps<Id>) {
  const [attempt, setAttempt] = useState(0);
  // A module already loaded renders at once (no fallback in between); otherwise the module's lazy component of
  // its current load generation.
  const ready = attempt === 0 ? (loadedRemoteModule(id) as { default: ComponentType<PropsOf<Id>> } | undefined) : undefined;
  const Remote = (ready ? ready.default : lazyRemote(id)) as ComponentType<PropsOf<Id>>;
  return (
    <RemoteErrorBoundary
      // A route that shows another remote module starts without the previous one's failure (the element is reused).
      key={`${id}:${attempt}`}
      onError={() => forgetFailedLoad(id)}
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

/** For tests: forget every lazy component and load generation. */
export function resetRemoteViews(): void {
  lazies.clear();
  generations.clear();
}
