import { useLazyModule } from '../../../lib/lazy-validation.js';
import { useMessages } from '../../../lib/i18n.js';

// The health form (react-hook-form, its resolver and schema) loads once the chat has painted and the
// browser is idle, not with the chat: on a phone it sits behind its tab, and the chat's first load on a
// slow phone is lighter by about 16 kB gzip (decision 0046, session 10).
const loadHealthForm = () => import('./health-form.js');

/** The health form, loaded after the chat's first paint; 'Cargando datos...' until then. */
export function HealthForm({ onSent }: { onSent: () => void }) {
  const messages = useMessages();
  const { module, failed } = useLazyModule(loadHealthForm);
  if (module) return <module.HealthForm onSent={onSent} />;
  return failed ? <p role="alert">{messages.requestFailed}</p> : <p role="status">{messages.loading}</p>;
}
