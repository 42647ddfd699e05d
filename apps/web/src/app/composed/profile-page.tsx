import { UsuariosPage } from '../../features/records/components/profile-page.js';
import { MyDataRequests } from '../../features/data-requests/components/my-data-requests.js';

/** /Usuarios: the records feature's profile with the data-requests feature's correction and closing requests (Ley 81). */
export function ProfilePage() {
  return <UsuariosPage RightsArea={MyDataRequests} />;
}
