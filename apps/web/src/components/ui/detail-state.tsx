import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api-client.js';
import { useMessages } from '../../lib/i18n.js';

/** What a detail modal needs of its react-query result. */
interface DetailQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
}

/**
 * The states of a record's detail modal before its content (issue 21: one piece instead of five
 * copies): no token in the row, 'Cargando…', and a failure, which says 'no data' for a 404 (not
 * theirs or gone: `notFound`) and that the detail could not be loaded otherwise. Then `children`
 * with the data.
 */
export function DetailState<T>({
  token,
  query,
  notFound,
  errorClassName,
  children,
}: {
  token: string;
  query: DetailQuery<T>;
  notFound: string;
  /** The page's class for the refusal line. */
  errorClassName: string;
  children: (data: T) => ReactNode;
}) {
  const messages = useMessages();
  if (token === '') return <p role="alert">{messages.detailTokenMissing}</p>;
  if (query.isPending) return <p>{messages.loading}</p>;
  if (query.isError || query.data === undefined)
    return (
      <p role="alert" className={errorClassName}>
        {query.error instanceof ApiError && query.error.status === 404 ? notFound : messages.detailLoadFailed}
      </p>
    );
  return <>{children(query.data)}</>;
}
