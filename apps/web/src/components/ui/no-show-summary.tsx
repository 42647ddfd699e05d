import { noShowWords, type NoShowStatus } from '@clinica/shared';
import { useMessages } from '../../lib/i18n.js';

/**
 * A patient's no-shows as staff read them, in the page's language: '2 inasistencias' and whether
 * the prepay policy applies now (issue 24 item 4, decision 0049). One piece for the appointment's
 * details and the administrators' patient record.
 */
export function NoShowSummary({ status }: { status: NoShowStatus }) {
  const m = useMessages();
  const { count, policy } = noShowWords(m, status);
  return (
    <span className="no-show-summary" data-pago-inmediato={status.solo_pago_inmediato ? 'si' : 'no'}>
      <span className="no-show-count">{count}</span>
      {policy && <span className={`no-show-policy${status.solo_pago_inmediato ? ' no-show-policy-applies' : ''}`}>{policy}</span>}
    </span>
  );
}
