import { Fragment, type ReactNode } from 'react';

/** A catalogue text whose only markup is <strong>…</strong>, as React nodes (no HTML is injected). */
export function rich(text: string): ReactNode[] {
  return text.split(/<strong>(.*?)<\/strong>/g).map((part, i) => (i % 2 === 1 ? <strong key={i}>{part}</strong> : <Fragment key={i}>{part}</Fragment>));
}
