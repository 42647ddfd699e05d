import { Link } from '../../../lib/router.js';
import { useTranslation } from '../../../lib/i18n.js';
import { chatPath, useActiveConsultations } from '../api/get-active-consultations.js';

/**
 * 'Entrar al chat' for one consultation of a list (/Consultas), shown only while the server says
 * its chat is open (decision 0032). One request serves the whole list (the query is shared).
 */
export function EnterChatLink({ token, label }: { token: string; label?: string }) {
  const { t } = useTranslation('consultations');
  const active = useActiveConsultations();
  const open = active.data?.some((c) => c.token === token && c.estado === 'chat') === true;
  if (!open) return null;
  return (
    <Link className="btn btn-primary" to={chatPath(token)} aria-label={label}>
      {t('enterChat')}
    </Link>
  );
}
