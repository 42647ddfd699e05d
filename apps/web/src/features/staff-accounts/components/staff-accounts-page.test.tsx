// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { fakeApi, renderPage } from '../../../test/render.js';
import { StaffAccountsPage } from './staff-accounts-page.js';

const account = (i: number, nombre: string, estado: string) => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  role: 'doctor',
  nombre,
  apellido: 'Pérez',
  correo: `s${i}@example.com`,
  servicio: 'psicologia',
  estado,
  created_at: '2026-11-20T15:00:00.000Z',
});

describe('/Personal_Admin on the staff list', () => {
  it('shows each state’s accounts as cards under its heading, with that state’s actions and empty text', async () => {
    fakeApi({ 'GET /api/admin/staff': { json: [account(1, 'Julia', 'pendiente'), account(2, 'Marta', 'activo'), account(3, 'Luis', 'activo')] } });
    await renderPage(<StaffAccountsPage />);
    const pending = await screen.findByRole('region', { name: /Pendientes de aprobación/ });
    expect(await within(pending).findByRole('button', { name: 'Aprobar: Julia Pérez' })).toBeDefined();
    expect(within(pending).getByRole('heading').textContent).toBe('Pendientes de aprobación (1)');
    expect(within(pending).getByRole('button', { name: 'Rechazar: Julia Pérez' })).toBeDefined();
    const active = screen.getByRole('region', { name: /Activas/ });
    expect(within(within(active).getByRole('list')).getAllByRole('listitem')).toHaveLength(2);
    expect(within(active).getByRole('button', { name: 'Desactivar: Marta Pérez' })).toBeDefined();
    const off = screen.getByRole('region', { name: /Desactivadas/ });
    expect(within(off).getByText('No hay cuentas desactivadas.')).toBeDefined();
  });

  it('says loading and a refusal once for the three sections, not under each heading', async () => {
    let answer!: (a: { status: number; json: unknown }) => void;
    fakeApi({ 'GET /api/admin/staff': () => new Promise((resolve) => (answer = resolve)) });
    await renderPage(<StaffAccountsPage />);
    expect((await screen.findAllByRole('status')).map((s) => s.textContent)).toEqual([messages.loading]);
    expect(screen.queryByRole('region', { name: /Activas/ })).toBeNull();
    answer({ status: 403, json: { success: false, message: messages.forbidden } });
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([messages.forbidden]));
    expect(screen.queryByText(messages.loading)).toBeNull();
    expect(screen.queryByRole('region', { name: /Pendientes de aprobación/ })).toBeNull();
  });
});
