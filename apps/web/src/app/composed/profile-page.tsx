import { UsuariosPage } from '../../features/records/components/profile-page.js';
import { MyDataRequests } from '../../features/data-requests/components/my-data-requests.js';
import { WhatsappConsent } from '../../features/notification-channels/components/whatsapp-consent.js';

/** The patient's own choices below the profile: how notices reach them, then the Ley 81 requests. */
function ProfileChoices() {
  return (
    <>
      <WhatsappConsent />
      <MyDataRequests />
    </>
  );
}

/**
 * /Usuarios: the records feature's profile with the notification-channels feature's WhatsApp
 * opt-in (decision 0059) and the data-requests feature's correction and closing requests (Ley 81).
 */
export function ProfilePage() {
  return <UsuariosPage RightsArea={ProfileChoices} />;
}
