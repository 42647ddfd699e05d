import { Fragment } from 'react';

/**
 * An e-mail address in a list: it may wrap before its '@' and after a '.', '_' or '-', and nowhere
 * else, so a long address never breaks mid-word (issue 23, item 8) and never widens a staff table
 * past the screen, where the row's own button would scroll out of sight (decision 0045, amended).
 */
export function EmailText({ value }: { value: string }) {
  const pieces = value.split(/(?=@)|(?<=[._-])/);
  return (
    <span className="list-nowrap">
      {pieces.map((piece, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </span>
  );
}
