import { CLINIC_HOURS, VIRTUAL_HOURS, formatRange } from '../site-content.js';

/** Opening hours of the virtual service and of the clinic, in Panama time. */
export function ClinicHours() {
  return (
    <div className="site-hours">
      <dl>
        <div>
          <dt>Consultas virtuales</dt>
          <dd>Todos los días, de {formatRange(VIRTUAL_HOURS)}</dd>
        </div>
        <div>
          <dt>Clínica (consultas presenciales)</dt>
          <dd>Lunes a viernes, de {formatRange(CLINIC_HOURS.weekdays)}</dd>
          <dd>Sábados y domingos, de {formatRange(CLINIC_HOURS.weekend)}</dd>
        </div>
      </dl>
      <p className="site-note">Horario de Panamá (UTC−5).</p>
    </div>
  );
}
