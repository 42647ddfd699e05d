import { useState } from 'react';
import type { Service } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { messageOf } from '../../../lib/api-client.js';
import { translateMessage, useMessages } from '../../../lib/i18n.js';
import { useJoinWaitlist } from '../api/join-waitlist.js';

/**
 * On a full day of /citas (decision 0050): what the waitlist is, and the button to join it. The
 * server decides (only a full day, once, at most so many); its answer is said in words.
 */
export function WaitlistJoin({ doctorId, servicio, fecha }: { doctorId: string; servicio: Service; fecha: string }) {
  const messages = useMessages();
  const join = useJoinWaitlist();
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const onJoin = async () => {
    try {
      const res = await join.mutateAsync({ id_doctor: doctorId, servicio, fecha });
      setSaid({ ok: true, text: translateMessage(res.message) });
    } catch (error) {
      setSaid({ ok: false, text: messageOf(error, messages.requestFailed) });
    }
  };
  return (
    <div className="appt-waitlist" role="group" aria-labelledby="appt-waitlist-intro">
      <p id="appt-waitlist-intro">{messages.waitlistJoinIntro}</p>
      {said?.ok ? (
        <p className="appt-done" role="status">
          {said.text}
        </p>
      ) : (
        <Button variant="secondary" busy={join.isPending} onClick={() => void onJoin()}>
          {messages.waitlistJoinButton}
        </Button>
      )}
      {said && !said.ok && (
        <p className="appt-error" role="alert">
          {said.text}
        </p>
      )}
    </div>
  );
}
