// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addDays, messages, panamaToday, type DoctorConsultationDetail } from '@clinica/shared';
import { fakeApi, renderPage } from '../../../test/render.js';
import { DoctorConsultationModal } from './doctor-consultation-modal.js';

const TOKEN = 'tok_abcdefghijklmnop';
const detail: DoctorConsultationDetail = {
  videollamadas: [],
  estado: 'autorizada',
  estado_tipo: 'A',
  motivo_rechazo: null,
  tiempo_restante: null,
  estado_pago_vista: 'aprobado',
  id: '4f1c2a77-0d8e-4d1b-9a55-2f8e1c1d7b10',
  token: TOKEN,
  numero: 42,
  nombre: 'María',
  apellido: 'Pérez',
  cedula: '8-123-456',
  correo: 'maria@example.com',
  fecha_registro: '2026-11-20T15:00:00.000Z',
  servicio: 'consulta_general',
  revisado: 0,
  estado_consulta: 1,
  nacionalidad: 'Panameña',
  genero: 'femenino',
  edad: 34,
  direccion: 'Calle 50, Panamá',
  celular: '+507 6000-0000',
  sintomas: 'Tos seca desde hace una semana',
  antecedentes_familiares: 'No aplica',
  antecedentes_personales: 'No aplica',
  antecedentes_quirurgicos: 'No aplica',
  alergias: 'Ninguna conocida',
  otros_datos: 'No aplica',
  peso: null,
  talla: 1.6,
  presion_arterial: null,
  frecuencia_cardiaca: null,
  frecuencia_respiratoria: null,
  analisis: 'Bronquitis leve',
  plan: null,
  fecha: '2026-12-03',
  hora: '09:15',
  archivo_examenes_encrypted: null,
  archivos_examenes: [],
  imagenes: [],
  chat: [],
};

describe('the doctor’s consultation modal and its follow-up form', () => {
  it('shows the clinical history read-only and names the form’s fields with the same words', async () => {
    fakeApi({ [`GET /api/doctor/consultations/${TOKEN}`]: { json: detail } });
    await renderPage(<DoctorConsultationModal token={TOKEN} onClose={() => undefined} />);
    const history = await screen.findByRole('region', { name: 'Historia clínica' });
    expect(within(history).getByText('Síntomas').nextElementSibling?.textContent).toBe('Tos seca desde hace una semana');
    const vitals = screen.getByRole('region', { name: 'Signos vitales' });
    expect(within(vitals).getByText('Peso').nextElementSibling?.textContent).toBe(messages.unavailable);
    expect(within(vitals).getByText('Talla').nextElementSibling?.textContent).toBe('1.6 m');
    // The doctor edits the follow-up (not shown twice): its fields carry the history's labels and values.
    expect(screen.queryByRole('region', { name: 'Seguimiento del médico' })).toBeNull();
    const form = screen.getByRole('form', { name: 'Seguimiento' });
    expect(within(form).getByLabelText<HTMLTextAreaElement>('Análisis').value).toBe('Bronquitis leve');
    expect(within(form).getByLabelText<HTMLTextAreaElement>('Plan').value).toBe('');
    // The next visit's day as people write it (decision 0044), never the raw '2026-12-03'.
    expect(within(form).getByLabelText<HTMLInputElement>('Fecha de la próxima consulta').value).toBe('03/12/2026');
    expect(within(form).getByLabelText<HTMLInputElement>('Hora de la próxima consulta').value).toBe('09:15');
  });

  it("lists the consultation's video calls in the record: start, end and minutes, or under way", async () => {
    fakeApi({
      [`GET /api/doctor/consultations/${TOKEN}`]: {
        json: {
          ...detail,
          videollamadas: [
            { inicio: '2026-11-20T19:02:00.000Z', fin: '2026-11-20T19:31:00.000Z', minutos: 29 },
            { inicio: '2026-11-20T19:40:00.000Z', fin: null, minutos: null },
          ],
        },
      },
    });
    await renderPage(<DoctorConsultationModal token={TOKEN} onClose={() => undefined} />);
    const patient = await screen.findByRole('region', { name: 'Paciente' });
    const calls = within(patient).getByText(messages.videoRecordTitle).nextElementSibling!;
    // Panama time (UTC−5): 19:02Z is 2:02 p. m.
    expect(within(calls as HTMLElement).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Videollamada: 2:02 p. m.–2:31 p. m. (29 min)',
      'Videollamada: desde las 2:40 p. m. (en curso)',
    ]);
  });

  it('shows no video call line for a consultation without calls', async () => {
    fakeApi({ [`GET /api/doctor/consultations/${TOKEN}`]: { json: detail } });
    await renderPage(<DoctorConsultationModal token={TOKEN} onClose={() => undefined} />);
    await screen.findByRole('region', { name: 'Paciente' });
    expect(screen.queryByText(messages.videoRecordTitle)).toBeNull();
  });

  it('sends the follow-up with the form’s values', async () => {
    const calls = fakeApi({
      [`GET /api/doctor/consultations/${TOKEN}`]: { json: detail },
      'POST /api/doctor/consultations/update': { json: { success: true, message: messages.consultationUpdated } },
    });
    await renderPage(<DoctorConsultationModal token={TOKEN} onClose={() => undefined} />);
    const form = await screen.findByRole('form', { name: 'Seguimiento' });
    await userEvent.type(within(form).getByLabelText('Plan'), 'Jarabe y reposo');
    await userEvent.click(within(form).getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText(messages.consultationUpdated)).toBeDefined();
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.body).toMatchObject({ consulta_id: detail.id, correo: detail.correo, analisis: 'Bronquitis leve', plan: 'Jarabe y reposo', fecha: '2026-12-03', hora: '09:15', revisado: 0 });
    // The alert store outlives the page: leave no alert for the next test.
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
  });

  it('takes the next visit typed as d-m-yyyy, and names an impossible or past day instead of sending it', async () => {
    const calls = fakeApi({
      [`GET /api/doctor/consultations/${TOKEN}`]: { json: detail },
      'POST /api/doctor/consultations/update': { json: { success: true, message: messages.consultationUpdated } },
    });
    await renderPage(<DoctorConsultationModal token={TOKEN} onClose={() => undefined} />);
    const form = await screen.findByRole('form', { name: 'Seguimiento' });
    // The picker's code arrives after the page: typing waits for the real box.
    await waitFor(() => expect(within(form).getByLabelText<HTMLInputElement>('Fecha de la próxima consulta').disabled).toBe(false), { timeout: 15_000 });
    const typeDate = async (text: string) => {
      const input = within(form).getByLabelText<HTMLInputElement>('Fecha de la próxima consulta');
      await userEvent.clear(input);
      await userEvent.type(input, text);
      await userEvent.click(within(form).getByLabelText('Plan'));
      return input;
    };

    let input = await typeDate('31/02/2027');
    expect(await within(form).findByText(messages.dateImpossible)).toBeDefined();
    expect(input.value).toBe('31/02/2027');
    const [y, m, d] = addDays(panamaToday(Date.now()), -1).split('-').map(Number);
    await typeDate(`${d}/${m}/${y}`);
    expect(await within(form).findByText(messages.nextVisitInPast)).toBeDefined();
    await userEvent.click(within(form).getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText(`${messages.consultationUpdateFailedPrefix}${messages.nextVisitInPast}`)).toBeDefined();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));

    const next = addDays(panamaToday(Date.now()), 10);
    const [ny, nm, nd] = next.split('-').map(Number);
    input = await typeDate(`${nd}-${nm}-${ny}`);
    expect(within(form).queryByText(messages.nextVisitInPast)).toBeNull();
    expect(input.value).toBe(`${next.slice(8, 10)}/${next.slice(5, 7)}/${next.slice(0, 4)}`);
    await userEvent.click(within(form).getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText(messages.consultationUpdated)).toBeDefined();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ fecha: next, hora: '09:15' });
  }, 30_000);
});
