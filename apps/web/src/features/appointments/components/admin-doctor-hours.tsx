import { useState } from 'react';
import { SERVICES, type Service } from '@clinica/shared';
import { Field } from '../../../components/ui/field.js';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { ApiError } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useDoctors } from '../api/get-doctors.js';
import { useRevokeDoctorCalendarFeed } from '../api/revoke-doctor-calendar-feed.js';
import { DoctorBlocks } from './doctor-blocks.js';
import { WeeklyHoursEditor } from './weekly-hours-editor.js';

/** /Citas_Admin: an administrator picks a doctor (service, then name) and sets their weekly hours (decision 0048) and unavailable dates or hours, or revokes their calendar feed (0051). */
export function AdminDoctorHours() {
  const { t } = useTranslation('appointments');
  const messages = useMessages();
  const [servicio, setServicio] = useState<Service | ''>('');
  const [doctorId, setDoctorId] = useState('');
  const doctors = useDoctors(servicio);
  return (
    <section className="appt-card" aria-labelledby="appt-admin-hours-title">
      <h2 id="appt-admin-hours-title">{t('hours.adminTitle')}</h2>
      <div className="appt-hours-range">
        <Field label={t('booking.service')}>
          {(p) => (
            <select
              {...p}
              value={servicio}
              onChange={(e) => {
                setServicio(e.target.value as Service | '');
                setDoctorId('');
              }}
            >
              <option value="">{t('booking.chooseService')}</option>
              {SERVICES.map((s) => (
                <option key={s} value={s}>
                  {t(`services.${s}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('booking.doctor')}>
          {(p) => (
            <select {...p} value={doctorId} disabled={servicio === ''} onChange={(e) => setDoctorId(e.target.value)}>
              <option value="">{t('booking.chooseDoctor')}</option>
              {(doctors.data ?? []).map((d) => (
                <option key={d.id} value={d.id}>
                  {d.nombre}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {/* As on /citas: a service whose doctors could not be read, or that has none, says so. */}
      {servicio !== '' && doctors.isError && (
        <p className="appt-error" role="alert">
          {messages.requestFailed}
        </p>
      )}
      {servicio !== '' && doctors.data?.length === 0 && (
        <p className="appt-error" role="alert">
          {messages.noDoctorsForService}
        </p>
      )}
      {/* A new editor per doctor: edits of one never carry over to another. */}
      {doctorId !== '' && <WeeklyHoursEditor key={doctorId} doctorId={doctorId} />}
      {/* The doctor's unavailable dates and hours, also part of a day (issue 24), as the doctor sets them. */}
      {doctorId !== '' && <DoctorBlocks key={`blocks-${doctorId}`} doctorId={doctorId} />}
      {doctorId !== '' && <RevokeDoctorFeed doctorId={doctorId} />}
    </section>
  );
}

/** A lost phone or a doctor who left: the administrator stops the doctor's calendar feed URL (decision 0051). */
function RevokeDoctorFeed({ doctorId }: { doctorId: string }) {
  const messages = useMessages();
  const revoke = useRevokeDoctorCalendarFeed();
  const run = async () => {
    try {
      const result = await revoke.mutateAsync(doctorId);
      void showAlert(translateMessage(result.message));
    } catch (error) {
      void showAlert(error instanceof ApiError && error.fromServer ? translateMessage(error.message) : messages.requestFailed);
    }
  };
  return (
    <div className="appt-actions">
      <Button variant="danger" busy={revoke.isPending} onClick={() => void run()}>
        {messages.calendarFeedRevokeDoctor}
      </Button>
    </div>
  );
}
