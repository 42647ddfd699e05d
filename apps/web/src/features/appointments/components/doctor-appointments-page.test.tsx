// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { fakeApi, renderPage } from '../../../test/render.js';
import { CitasAdminDoctorPage } from './doctor-appointments-page.js';

const row = (numero: number, nombre: string, extra: Record<string, unknown> = {}) => ({
  id: `id-${numero}`,
  token: `tok-${numero}`,
  numero,
  nombre,
  apellido: 'Pérez',
  fecha: '2026-11-30',
  hora: '10:00',
  servicio: 'consulta_general',
  estado: 'confirmada',
  doctor: 'Ana Castillo',
  metodo_de_pago: 'Paypal o Tarjeta',
  estado_pago: 'aprobado',
  cancelable: true,
  reservada_hasta: null,
  asistencia_confirmada_at: null,
  secuencia: 0,
  reprogramada: false,
  asistencia: null,
  cancelada_por: null,
  motivo_cancelacion: null,
  reprogramable: true,
  ...extra,
});

// /Citas_Admin_Doctor on the shared staff-list pieces (issue 21): the search and paging of
// useListSearch, the detail modal's states of DetailState, and the state in words (decision 0049).
describe('/Citas_Admin_Doctor on the staff list', () => {
  it('refuses an empty search, searches by name or number from the first page, clears it, and says when a detail is not the doctor’s', async () => {
    const calls = fakeApi({
      'GET /api/doctor/appointments': { json: { items: [row(12, 'Rosa'), row(11, 'Luis', { secuencia: 1, reprogramada: true })], next_cursor: 'c1' } },
      'GET /api/doctor/appointments?cursor=c1': { json: { items: [row(10, 'Marta', { asistencia: 'no_asistio' })], next_cursor: null } },
      'POST /api/doctor/appointments/search': { json: { items: [row(12, 'Rosa')], next_cursor: null } },
      'GET /api/doctor/appointments/tok-12': { status: 404, json: { success: false, message: messages.noData } },
    });
    await renderPage(<CitasAdminDoctorPage />);
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    // The state in words: a moved appointment says so.
    expect(within(table).getByText('Reprogramada')).toBeDefined();

    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await within(table).findByText('No asistió')).toBeDefined();

    // 'Enviar' with nothing typed: the specification's message, and no request.
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(messages.missingFields)).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    // A search starts again at the first page (no cursor) and sends what was typed.
    await userEvent.type(screen.getByLabelText('Nombre del paciente o N.º'), 'Rosa');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(calls.at(-1)).toEqual({ method: 'POST', path: '/api/doctor/appointments/search', body: { input: 'Rosa' } });

    // Another doctor's (or a gone) appointment: 'no data', not a broken modal.
    await userEvent.click(within(table).getByRole('button', { name: /Rosa Pérez/ }));
    expect(await screen.findByText(messages.noData)).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));

    await userEvent.click(screen.getByRole('button', { name: 'Limpiar Búsqueda' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(calls.at(-1)).toMatchObject({ method: 'GET', path: '/api/doctor/appointments' });
  });
});

// Issue 24 item 4 (session 10): the doctor reads the patient's no-shows in words in the
// appointment's details, with whether the prepay policy applies now.
describe('/Citas_Admin_Doctor: the patient\'s no-shows in the details', () => {
  it('opens the appointment and reads "2 inasistencias" and that the policy applies', async () => {
    const detail = {
      ...row(12, 'Rosa', { asistencia: 'no_asistio' }),
      correo: 'rosa@example.com',
      telefono: '+507 6000-0000',
      mensaje: 'Control',
      created_at: '2026-11-20T15:00:00.000Z',
      correo_doctor: 'ana@clinica.example',
      id_doctor: 'doc-1',
      inasistencias: 2,
      estado_inasistencias: { inasistencias: 2, limite: 2, solo_pago_inmediato: true },
      asistencia_marcable: true,
      pago: null,
    };
    fakeApi({
      'GET /api/doctor/appointments': { json: { items: [row(12, 'Rosa', { asistencia: 'no_asistio' })], next_cursor: null } },
      'GET /api/doctor/appointments/tok-12': { json: detail },
    });
    await renderPage(<CitasAdminDoctorPage />);
    const table = await screen.findByRole('table');
    await userEvent.click(await within(table).findByRole('button', { name: /Rosa Pérez/ }));
    const dialog = await screen.findByRole('dialog');
    const value = (await within(dialog).findByText('2 inasistencias')).closest('dd') as HTMLElement;
    expect(value.previousElementSibling?.textContent).toBe('Inasistencias del paciente');
    expect(within(value).getByText('Solo puede reservar con pago inmediato (PayPal o tarjeta): la clínica lo exige desde 2 inasistencias.')).toBeDefined();
  });
});
