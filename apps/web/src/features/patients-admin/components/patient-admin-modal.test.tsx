// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderPage } from '../../../test/render.js';
import { PatientAdminModal } from './patient-admin-modal.js';

const ID = '6f1c2a4e-1b2c-4d3e-8f90-123456789abc';
const patient = (estado_inasistencias: { inasistencias: number; limite: number; solo_pago_inmediato: boolean }) => ({
  id: ID,
  nombre: 'María',
  apellido: 'Ábrego',
  edad: 34,
  genero: 'femenino',
  nacionalidad: 'Panameña',
  cedula: '8-123-456',
  direccion: 'Calle 50',
  celular: '+507 6000-0000',
  correo: 'maria@example.com',
  url_img_cedula: null,
  name_img_cedula: null,
  Acuerdo: true,
  acuerdo_at: '2026-11-01T15:00:00.000Z',
  Primera_Consulta: 1,
  fecha_registro: '2026-11-01T15:00:00.000Z',
  estado_inasistencias,
});

/** The value beside a label of the record. */
const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

// Issue 24 item 4 (session 10): the administrators' patient record says the no-shows in words,
// and whether the prepay policy applies now.
describe('the administrators\' patient record: no-shows', () => {
  it('says "2 inasistencias" and that the patient now books only with an immediate payment', async () => {
    fakeApi({ [`GET /api/admin/patients/${ID}`]: { json: patient({ inasistencias: 2, limite: 2, solo_pago_inmediato: true }) } });
    await renderPage(<PatientAdminModal id={ID} onClose={() => {}} />);
    await screen.findByText('María');
    const value = valueOf('Inasistencias');
    expect(within(value).getByText('2 inasistencias')).toBeDefined();
    expect(within(value).getByText('Solo puede reservar con pago inmediato (PayPal o tarjeta): la clínica lo exige desde 2 inasistencias.')).toBeDefined();
  });

  it('says one no-show and that any payment method is still accepted below the threshold', async () => {
    fakeApi({ [`GET /api/admin/patients/${ID}`]: { json: patient({ inasistencias: 1, limite: 2, solo_pago_inmediato: false }) } });
    await renderPage(<PatientAdminModal id={ID} onClose={() => {}} />);
    await screen.findByText('María');
    const value = valueOf('Inasistencias');
    expect(value.textContent).toBe('1 inasistenciaPuede reservar con cualquier método de pago; el pago inmediato se exige desde 2 inasistencias.');
  });
});
