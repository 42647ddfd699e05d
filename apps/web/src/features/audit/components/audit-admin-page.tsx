import { useState } from 'react';
import { useSearchParams } from '../../../lib/router.js';
import {
  AUDIT_ACTIONS,
  AUDIT_OUTCOME_LABELS,
  AUDIT_ROLE_LABELS,
  formatDateTimeSeconds,
  type AuditAction,
} from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { StaffList } from '../../../components/ui/staff-list.js';
import { useListSearch } from '../../../components/ui/use-list-search.js';
import { useMessages, useTranslation, type TFunction } from '../../../lib/i18n.js';
import { useCursorPages } from '../../../lib/use-cursor-pages.js';
import { useAudit } from '../api/get-audit.js';
import { useAuditStaff } from '../api/get-audit-staff.js';
import { useFindPatients } from '../api/find-patients.js';
import '../../../components/ui/list.css';
import '../audit.css';

// An action's name in the current language ('auth.login' is the key 'actions.auth_login'); an unknown action as stored.
const actionLabel = (t: TFunction, a: string) => {
  const spanish = AUDIT_ACTIONS[a as AuditAction] as string | undefined;
  return spanish ? t(`actions.${a.replace(/\./g, '_')}`, { defaultValue: spanish }) : a;
};

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const TIPO = /\btipo_([abc])\b/g;
/**
 * The stored detail as a person reads it: record ids left out (the page names the patient), the
 * classification and the field names of a correction in words ('tipo_a' → 'Tipo A',
 * 'fecha_nacimiento' → 'fecha nacimiento'), 'true'/'false' as 'sí'/'no'.
 */
const humanDetail = (detail: string) =>
  detail
    .replace(UUID, '')
    .replace(TIPO, (_, x: string) => `Tipo ${x.toUpperCase()}`)
    .replace(/\bquitar_permiso\b/g, 'Quitar Permiso')
    .replace(/\btrue\b/g, 'sí')
    .replace(/\bfalse\b/g, 'no')
    .replace(/([A-Za-z])_(?=[A-Za-z])/g, '$1 ')
    .replace(/\s+([:,])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();

/**
 * /Auditoria_Admin: who read or changed patients' data, every sign-in and every refusal; filters
 * by patient (?paciente=<id>, or a search by first name) and by staff member.
 */
export function AuditoriaAdminPage() {
  const { t, i18n } = useTranslation('audit');
  const messages = useMessages();
  const [params, setParams] = useSearchParams();
  const patientId = params.get('paciente');
  const actorId = params.get('personal');
  const pages = useCursorPages();
  const rows = useAudit({ patientId, actorId }, pages.cursor);
  const staff = useAuditStaff();
  // The patient filter's search: the staff lists' one wiring (a new search starts at its first page).
  const patientSearch = useListSearch();
  const found = useFindPatients(patientSearch.name, patientSearch.pages.cursor);
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
      <h1>{t('page.title')}</h1>
      <div className="audit-filters">
        <section className="audit-filter" aria-labelledby="audit-patient">
          <h2 id="audit-patient">{t('page.byPatient')}</h2>
          {patientId ? (
            <p className="audit-active">
              {t('page.patientFilter', { name: shownPatient })}
              <Button
                variant="secondary"
                onClick={() => {
                  setPatientLabel(null);
                  setFilter('paciente', null);
                }}
              >
                {t('page.removePatientFilter')}
              </Button>
            </p>
          ) : (
            <StaffList
              layout="cards"
              caption={t('page.patientsFound')}
              listClassName="audit-choices"
              list={found}
              pages={patientSearch.pages}
              search={patientSearch.search}
              rowKey={(p) => p.id}
              renderRow={(p) => (
                <Button
                  variant="ghost"
                  onClick={() => {
                    setPatientLabel(`${p.nombre} ${p.apellido}`);
                    patientSearch.search.onClear();
                    setFilter('paciente', p.id);
                  }}
                >
                  {p.nombre} {p.apellido} ({p.correo})
                </Button>
              )}
            />
          )}
        </section>
        <section className="audit-filter" aria-labelledby="audit-staff">
          <h2 id="audit-staff">{t('page.byStaff')}</h2>
          <Field label={t('page.staffMember')}>
            {(p) => (
              <select
                {...p}
                value={actorId ?? ''}
                onChange={(e) => setFilter('personal', e.currentTarget.value || null)}
              >
                <option value="">{t('page.all')}</option>
                {(staff.data ?? []).map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.nombre} {s.apellido} ({s.role === 'admin' ? t('roles.admin') : t('roles.doctor')}, {s.correo})
                  </option>
                ))}
              </select>
            )}
          </Field>
        </section>
      </div>
      <StaffList
        caption={t('page.caption')}
        columns={[
          t('page.date'),
          t('page.who'),
          t('page.action'),
          t('page.patient'),
          t('page.outcome'),
          t('page.from'),
        ]}
        list={rows}
        pages={pages}
        errorFallback={messages.loadFailed}
        rowKey={(r) => String(r.id)}
        renderRow={(r) => (
          <>
            {/* To the second: several rows often fall in the same minute, and their order is what an investigation reads. */}
            <td>{formatDateTimeSeconds(r.at, i18n.language)}</td>
            <td>
              {t(`roles.${r.actor_role}`, { defaultValue: AUDIT_ROLE_LABELS[r.actor_role] })}
              {r.actor_correo && <span className="audit-small list-nowrap"> · {r.actor_correo}</span>}
            </td>
            <td>
              {actionLabel(t, r.action)}
              {/* The action in words (issue 23): the API path and the ids stay in the stored trail, not on the page. */}
              {r.detail && humanDetail(r.detail) && <div className="audit-small">{humanDetail(r.detail)}</div>}
            </td>
            <td>{r.paciente ?? '—'}</td>
            <td className={`audit-outcome-${r.outcome}`}>
              {t(`outcomes.${r.outcome}`, { defaultValue: AUDIT_OUTCOME_LABELS[r.outcome] })}
              {r.status_code ? ` (${r.status_code})` : ''}
            </td>
            <td className="audit-small">{r.ip}</td>
          </>
        )}
      />
    </div>
  );
}
