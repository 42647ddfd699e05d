import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.js';

/** What a page that failed to render shows instead of a blank screen. */
function PageError() {
  const { t } = useTranslation('frame');
  return (
    <section className="page-error" role="alert" aria-labelledby="page-error-title">
      <h1 id="page-error-title">{t('pageError.title')}</h1>
      <p>{t('pageError.text')}</p>
      <p className="page-error-links">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('pageError.reload')}
        </button>
      </p>
    </section>
  );
}

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
    return this.state.failed ? <PageError /> : this.props.children;
  }
}
