// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { fakeApi, renderPage } from '../../../test/render.js';
import { AuditoriaAdminPage } from './audit-admin-page.js';

const row = (id: number, paciente: string | null, patientId: string | null = null) => ({
  id,
  at: '2026-11-20T15:00:07.000Z',
  actor_role: 'admin',
  actor_id: 'a1',
  actor_correo: 'admin@example.com',
  action: 'consultation.read',
  resource_type: 'consultation',
  resource_id: null,
  patient_id: patientId,
  paciente,
  outcome: 'success',
  status_code: 200,
  method: 'GET',
  path: '/api/admin/consultations/x',
  ip: '203.0.113.9',
  detail: null,
});
const patient = (i: number, nombre: string) => ({
  id: `p${i}`,
  nombre,
  apellido: 'Pérez',
  cedula: '8-123-4567',
  correo: `p${i}@example.com`,
  fecha_registro: '2026-11-01T15:00:00.000Z',
});

describe('/Auditoria_Admin on the staff list', () => {
  it('pages the trail, searches a patient by first name (paged, states as the other lists) and filters by the one chosen', async () => {
    const calls = fakeApi({
      'GET /api/admin/audit': { json: { items: [row(2, 'Rosa Díaz'), row(1, null)], next_cursor: 'c1' } },
      'GET /api/admin/audit?cursor=c1': { json: { items: [row(0, null)], next_cursor: null } },
      'GET /api/admin/audit/staff': { json: [] },
      'GET /api/admin/patients?nombre=zzz&limit=10': { json: { items: [], next_cursor: null } },
      'GET /api/admin/patients?nombre=maria&limit=10': { json: { items: [patient(1, 'María')], next_cursor: 'p1' } },
      'GET /api/admin/patients?nombre=maria&limit=10&cursor=p1': { json: { items: [patient(2, 'Mariana')], next_cursor: null } },
      'GET /api/admin/audit?patient_id=p2': { json: { items: [row(5, 'Mariana Pérez', 'p2')], next_cursor: null } },
    });
    await renderPage(<AuditoriaAdminPage />);
    const table = await screen.findByRole('table', { name: 'Registro de auditoría' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Fecha', 'Quién', 'Acción', 'Paciente', 'Resultado', 'Desde']);
    // No search made yet: the patient search says nothing (neither 'Cargando…' nor empty).
    expect(screen.queryByRole('status')).toBeNull();

    const [trailNext] = screen.getAllByRole('button', { name: 'Siguiente' });
    await userEvent.click(trailNext!);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));

    const box = screen.getByLabelText('Nombre del paciente');
    await userEvent.type(box, 'zzz');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect((await screen.findByRole('status')).textContent).toBe(messages.noResults);

    await userEvent.clear(box);
    await userEvent.type(box, 'maria');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    const found = await screen.findByRole('list', { name: 'Pacientes encontrados' });
    expect(within(found).getByRole('button').textContent).toBe('María Pérez (p1@example.com)');
    // The search's own pager (the trail's is the other 'Siguiente').
    const searchNext = screen.getAllByRole('button', { name: 'Siguiente' })[0]!;
    await userEvent.click(searchNext);
    const next = await screen.findByRole('button', { name: 'Mariana Pérez (p2@example.com)' });

    await userEvent.click(next);
    expect(await screen.findByText('Paciente: Mariana Pérez')).toBeDefined();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getAllByRole('cell')[3]!.textContent).toBe('Mariana Pérez');
    expect(screen.queryByRole('list', { name: 'Pacientes encontrados' })).toBeNull();
    expect(calls.map((c) => c.path)).toContain('/api/admin/audit?patient_id=p2');
  });

  it('shows a refused patient search as an alert', async () => {
    fakeApi({
      'GET /api/admin/audit': { json: { items: [], next_cursor: null } },
      'GET /api/admin/audit/staff': { json: [] },
      'GET /api/admin/patients?nombre=ana&limit=10': { status: 403, json: { success: false, message: messages.forbidden } },
    });
    await renderPage(<AuditoriaAdminPage />);
    await userEvent.type(screen.getByLabelText('Nombre del paciente'), 'ana');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.forbidden);
  });
});
