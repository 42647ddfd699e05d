import { useState } from 'react';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { ApiError } from '../../../lib/api-client.js';
import { translateMessage, useMessages } from '../../../lib/i18n.js';
import { useCalendarFeed } from '../api/get-calendar-feed.js';
import { useCreateCalendarFeed } from '../api/create-calendar-feed.js';
import { useRevokeCalendarFeed } from '../api/revoke-calendar-feed.js';

const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.fromServer ? translateMessage(error.message) : fallback;

/**
 * The doctor's private calendar feed (issue 24, decision 0051): make a URL, copy it into Google,
 * Apple or Outlook as a subscription, or revoke it. The server keeps only a hash of the URL, so
 * it is shown here once, right after it is made, and a lost one is replaced by a new one.
 */
export function CalendarFeedPanel() {
  const messages = useMessages();
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  // The URL just made: only this page view ever sees it.
  const [url, setUrl] = useState<string | null>(null);

  const make = async () => {
    try {
      const created = await create.mutateAsync();
      setUrl(created.url);
    } catch (error) {
      void showAlert(failure(error, messages.requestFailed));
    }
  };
  const stop = async () => {
    try {
      const result = await revoke.mutateAsync();
      setUrl(null);
      void showAlert(translateMessage(result.message));
    } catch (error) {
      void showAlert(failure(error, messages.requestFailed));
    }
  };
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      void showAlert(messages.calendarFeedCopied);
    } catch {
      // No clipboard permission: the field is selected so the doctor can copy it by hand.
      document.getElementById('calendar-feed-url')?.focus();
    }
  };

  const active = feed.data?.activo ?? false;
  return (
    <section className="appt-card" aria-labelledby="calendar-feed-title">
      <h2 id="calendar-feed-title">{messages.calendarFeedTitle}</h2>
      <p>{messages.calendarFeedHelp}</p>
      {url ? (
        <div className="calendar-feed-url">
          <p role="status">{messages.calendarFeedCreated}</p>
          <label htmlFor="calendar-feed-url" className="field-label">
            {messages.calendarFeedLinkLabel}
          </label>
          <input id="calendar-feed-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          <Button variant="secondary" onClick={() => void copy()}>
            {messages.calendarFeedCopy}
          </Button>
        </div>
      ) : (
        feed.data && <p>{active ? messages.calendarFeedActive : messages.calendarFeedNone}</p>
      )}
      <div className="appt-actions">
        <Button busy={create.isPending} onClick={() => void make()}>
          {active || url ? messages.calendarFeedReplace : messages.calendarFeedCreate}
        </Button>
        {(active || url) && (
          <Button variant="danger" busy={revoke.isPending} onClick={() => void stop()}>
            {messages.calendarFeedRevoke}
          </Button>
        )}
      </div>
    </section>
  );
}
