import type { ReactNode } from 'react';
import { useMessages } from '../../../lib/i18n.js';

/** Label and value pairs; an empty value reads 'No disponible'. */
export function Details({ items }: { items: [label: string, value: ReactNode][] }) {
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
