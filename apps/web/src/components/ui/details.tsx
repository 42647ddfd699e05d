import type { ReactNode } from 'react';
import { useMessages } from '../../lib/i18n.js';
import './list.css';

/** A label and its value; the label is also the row's key, so labels are unique in one list. */
export type DetailItem = [label: string, value: ReactNode];

/** Label and value pairs of a detail modal; an empty value (null, undefined or '') reads 'No disponible'. */
export function Details({ items }: { items: readonly DetailItem[] }) {
  const messages = useMessages();
  return (
    <dl className="details-grid">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? messages.unavailable : value}</dd>
        </div>
      ))}
    </dl>
  );
}
