import { useState } from 'react';
import { messages } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { messageOf } from '../../../lib/api-client.js';
import { useSendConsent } from '../api/send-consent.js';

/**
 * Step 2: the consent agreement. Ticking the box sends 'si' (the server records it with its
 * time) and the form appears; 'No acepto' sends 'no'.
 */
export function ConsentAgreement({ onAccepted }: { onAccepted: () => void }) {
  const consent = useSendConsent();
  const [declined, setDeclined] = useState(false);

  const answer = async (aceptar: 'si' | 'no') => {
    try {
      await consent.mutateAsync({ aceptar });
      if (aceptar === 'si') onAccepted();
      else setDeclined(true);
    } catch (error) {
      void showAlert(messageOf(error, messages.requestFailed));
    }
  };

  return (
    <section className="consult-card consult-consent" aria-labelledby="consent-title">
      <h2 id="consent-title">Acuerdo de consentimiento</h2>
      <div className="consult-consent-text">
        <p>
          Acepto recibir atención médica a distancia por chat y entiendo que la consulta virtual no sustituye una evaluación presencial
          cuando el médico la considere necesaria.
        </p>
        <p>
          Autorizo a la clínica a tratar mis datos de salud solo para esta atención, de forma confidencial y conforme a la Ley 81 de 2019
          de protección de datos personales de Panamá.
        </p>
        <p>
          Entiendo que en una emergencia (tipo C) no se atiende por chat y debo acudir de inmediato al hospital más cercano.
        </p>
      </div>
      <label className="consult-check">
        <input type="checkbox" disabled={consent.isPending} onChange={(e) => e.currentTarget.checked && void answer('si')} />
        He leído y acepto el acuerdo de consentimiento
      </label>
      <Button variant="ghost" onClick={() => void answer('no')} disabled={consent.isPending}>
        No acepto
      </Button>
      {declined && (
        <p className="consult-error" role="alert">
          {messages.consentDeclined}
        </p>
      )}
    </section>
  );
}
