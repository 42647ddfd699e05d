import { Fragment, type ReactNode } from 'react';

export type RichTags = Record<string, (chunk: string) => ReactNode>;

const DEFAULT_TAGS: RichTags = {
  b: (chunk) => <strong>{chunk}</strong>,
  strong: (chunk) => <strong>{chunk}</strong>,
  em: (chunk) => <em>{chunk}</em>,
};

/**
 * A translated text with simple, non-nested markup (`<b>bold</b>`, `<strong>…</strong>`,
 * `<faq>link text</faq>`) rendered as React elements, never as injected HTML: the catalogue keeps
 * whole sentences, the page decides what a tag becomes (a tag it does not name shows its text only).
 */
export function rich(text: string, tags: RichTags = {}): ReactNode {
  const all = { ...DEFAULT_TAGS, ...tags };
  const parts: ReactNode[] = [];
  const pattern = /<(\w+)>(.*?)<\/\1>/gs;
  let last = 0;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text)) !== null) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const render = all[match[1]!];
    parts.push(<Fragment key={match.index}>{render ? render(match[2]!) : match[2]}</Fragment>);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
