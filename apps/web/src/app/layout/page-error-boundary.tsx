import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';

// The message is needed only once a page has failed: out of every first load (decision 0015).
const PageError = lazy(async () => ({ default: (await import('./page-error.js')).PageError }));

interface Props {
  children: ReactNode;
}

/**
 * A render error in a page never blanks the whole site (issue 20: a paid booking ended on a white
 * page): the frame, the header and its links stay, the page says what happened and that what was
 * paid or sent is kept on the server. The router keys it by path, so navigating away resets it.
 */
export class PageErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // Kept in the browser's console for a support session; nothing personal is sent anywhere.
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? (
      <Suspense fallback={null}>
        <PageError />
      </Suspense>
    ) : (
      this.props.children
    );
  }
}
