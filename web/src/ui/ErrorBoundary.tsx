/**
 * Contains a render failure to the part of the page that failed: a schema a form library cannot
 * handle, or a result shaped in a way nothing expected, must not blank the whole app.
 */
import { Component, type ReactNode } from 'react';

interface Props {
  /** What to show instead, given the error. */
  fallback: (error: Error, reset: () => void) => ReactNode;
  /** A change of this value clears the error (a different schema, another result). */
  resetKey?: unknown;
  children: ReactNode;
}

interface State {
  error: Error | undefined;
  key: unknown;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { error: undefined, key: props.resetKey } : null;
  }

  override render(): ReactNode {
    if (this.state.error) return this.props.fallback(this.state.error, () => this.setState({ error: undefined }));
    return this.props.children;
  }
}
