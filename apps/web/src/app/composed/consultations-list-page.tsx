import { ConsultasPage as ListPage } from '../../features/records/components/consultations-page.js';
import { EnterChatLink } from '../../features/consultations/components/enter-chat-link.js';

/** /Consultas: the records feature's list with the consultations feature's 'Entrar al chat' on each open chat (decision 0032). */
export function ConsultasPage() {
  return <ListPage ChatLink={EnterChatLink} />;
}
