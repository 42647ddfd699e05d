import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, AUDIT_OUTCOME_LABELS, AUDIT_ROLE_LABELS, CLINIC_TIME_ZONE, messages, type AuditAction } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { NameSearch } from '../../../components/ui/name-search.js';
import { Pager } from '../../../components/ui/pager.js';
import { messageOf } from '../../../lib/api-client.js';
import { useCursorPages } from '../../../lib/use-cursor-pages.js';
import { useAudit } from '../api/get-audit.js';
import { useAuditStaff } from '../api/get-audit-staff.js';
import { useFindPatients } from '../api/find-patients.js';
import '../../../components/ui/list.css';
import '../audit.css';

const dateTime = new Intl.DateTimeFormat('es-PA', { timeZone: CLINIC_TIME_ZONE, dateStyle: 'short', timeStyle: 'medium' });
const actionLabel = (a: string) => AUDIT_ACTIONS[a as AuditAction] ?? a;

/**
 * /Auditoria_Admin: who read or changed patients' data, every sign-in and every refusal; filters
 * by patient (?paciente=<id>, or a search by first name) and by staff member.
 */
export function AuditoriaAdminPage() {
  const [params, setParams] = useSearchParams();
  const patientId = params.get('paciente');
  const actorId = params.get('personal');
  const pages = useCursorPages();
  const rows = useAudit({ patientId, actorId }, pages.cursor);
  const staff = useAuditStaff();
  const [patientSearch, setPatientSearch] = useState<string | null>(null);
  const found = useFindPatients(patientSearch);
  const [patientLabel, setPatientLabel] = useState<string | null>(null);

  const setFilter = (key: 'paciente' | 'personal', value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
    pages.reset();
  };

  const shownPatient = patientLabel ?? rows.data?.items.find((r) => r.patient_id === patientId)?.paciente ?? patientId;

  return (
    <div className="list-page">
      <h1>Auditoría de accesos</h1>
      <div className="audit-filters">
        <section className="audit-filter" aria-labelledby="audit-patient">
          <h2 id="audit-patient">Filtrar por paciente</h2>
          {patientId ? (
            <p className="audit-active">
              Paciente: {shownPatient}
              <Button
                variant="secondary"
                onClick={() => {
                  setPatientLabel(null);
                  setFilter('paciente', null);
                }}
              >
                Quitar filtro de paciente
              </Button>
            </p>
          ) : (
            <>
              <NameSearch onSearch={(name) => setPatientSearch(name === '' ? null : name)} onClear={() => setPatientSearch(null)} />
              {patientSearch !== null &&
                (found.isPending ? (
                  <p>{messages.loading}</p>
                ) : (found.data ?? []).length === 0 ? (
                  <p>{messages.noResults}</p>
                ) : (
                  <ul className="audit-choices" aria-label="Pacientes encontrados">
                    {found.data!.map((p) => (
                      <li key={p.id}>
                        <Button
                          variant="ghost"
                          onClick={() => {
                            setPatientLabel(`${p.nombre} ${p.apellido}`);
                            setPatientSearch(null);
                            setFilter('paciente', p.id);
                          }}
                        >
                          {p.nombre} {p.apellido} ({p.correo})
                        </Button>
                      </li>
                    ))}
                  </ul>
                ))}
            </>
          )}
        </section>
        <section className="audit-filter" aria-labelledby="audit-staff">
          <h2 id="audit-staff">Filtrar por miembro del personal</h2>
          <Field label="Miembro del personal">
            {(p) => (
              <select {...p} value={actorId ?? ''} onChange={(e) => setFilter('personal', e.currentTarget.value || null)}>
                <option value="">Todos</option>
                {(staff.data ?? []).map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.nombre} {s.apellido} ({s.role === 'admin' ? 'Administrador' : 'Médico'}, {s.correo})
                  </option>
                ))}
              </select>
            )}
          </Field>
        </section>
      </div>
      <div className="list-table-wrap">
        <table className="list-table">
          <caption className="visually-hidden">Registro de auditoría</caption>
          <thead>
            <tr>
              <th scope="col">Fecha</th>
              <th scope="col">Quién</th>
              <th scope="col">Acción</th>
              <th scope="col">Paciente</th>
              <th scope="col">Resultado</th>
              <th scope="col">Desde</th>
            </tr>
          </thead>
          <tbody>
            {rows.isPending ? (
              <tr>
                <td colSpan={6}>{messages.loading}</td>
              </tr>
            ) : rows.isError ? (
              <tr>
                <td colSpan={6} role="alert" className="list-error">
                  {messageOf(rows.error, messages.loadFailed)}
                </td>
              </tr>
            ) : rows.data.items.length === 0 ? (
              <tr>
                <td colSpan={6}>{messages.noResults}</td>
              </tr>
            ) : (
              rows.data.items.map((r) => (
                <tr key={r.id}>
                  <td>{dateTime.format(new Date(r.at))}</td>
                  <td>
                    {AUDIT_ROLE_LABELS[r.actor_role]}
                    {r.actor_correo && <span className="audit-small"> · {r.actor_correo}</span>}
                  </td>
                  <td>
                    {actionLabel(r.action)}
                    <div className="audit-small">
                      {r.method} {r.path}
                      {r.detail ? ` · ${r.detail}` : ''}
                    </div>
                  </td>
                  <td>{r.paciente ?? (r.patient_id ? <span className="audit-small">{r.patient_id}</span> : '—')}</td>
                  <td className={`audit-outcome-${r.outcome}`}>
                    {AUDIT_OUTCOME_LABELS[r.outcome]}
                    {r.status_code ? ` (${r.status_code})` : ''}
                  </td>
                  <td className="audit-small">{r.ip}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager
        page={pages.page}
        hasPrevious={pages.hasPrevious}
        hasNext={Boolean(rows.data?.next_cursor)}
        onPrevious={pages.previous}
        onNext={() => pages.next(rows.data?.next_cursor)}
        busy={rows.isFetching}
      />
    </div>
  );
}
