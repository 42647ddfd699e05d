import type { ReactNode } from 'react';
import { messages } from '@clinica/shared';

/** Label and value pairs of a detail modal; an empty value reads 'No disponible'. */
export function DetailList({ items }: { items: [label: string, value: ReactNode][] }) {
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
