import type { ReactNode } from 'react';
import { useMessages } from '../../../lib/i18n.js';

/** Label and value pairs of a detail modal; an empty value reads 'No disponible'. */
export function DetailList({ items }: { items: [label: string, value: ReactNode][] }) {
  const messages = useMessages();
  return (
    <dl className="review-details">
      {items.map(([label, value]) => (
        <div key={label} className="review-detail">
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? messages.unavailable : value}</dd>
        </div>
      ))}
    </dl>
  );
}
