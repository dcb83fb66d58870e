import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** What to show instead of the failed remote; `retry` loads it again. */
  fallback(retry: () => void, error: Error): ReactNode;
  onRetry(): void;
  /** Told once the failure is on screen (not for renders React throws away). */
  onError?(error: Error): void;
}

interface State {
  error: Error | null;
}

/** Keeps a failing remote (unreachable files or a render error) inside its own slot of the shell. */
export class RemoteErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Remote failed to load or render', error, info.componentStack);
    this.props.onError?.(error);
  }

  private retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  render() {
    return this.state.error ? this.props.fallback(this.retry, this.state.error) : this.props.children;
  }
}
