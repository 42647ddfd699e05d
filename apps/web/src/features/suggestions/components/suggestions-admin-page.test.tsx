// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { fakeApi, renderPage } from '../../../test/render.js';
import { SugerenciasAdminPage } from './suggestions-admin-page.js';

const row = (i: number) => ({
  id: `s${i}`,
  sugerencia: `Sugerencia número ${i}`,
  nombre: i % 2 ? 'María' : 'José',
  apellido: 'Pérez',
  correo: `p${i}@example.com`,
  fecha_registro: '2026-11-20T15:00:00.000Z',
});

describe('/Sugerencias_Admin, a staff list without a browser', () => {
  it('shows the rows, pages forward with the cursor and back, and searches by first name', async () => {
    const calls = fakeApi({
      'GET /api/admin/suggestions': { json: { items: [row(1), row(2)], next_cursor: 'c2' } },
      'GET /api/admin/suggestions?cursor=c2': { json: { items: [row(3)], next_cursor: null } },
      'GET /api/admin/suggestions?nombre=maria': { json: { items: [row(1)], next_cursor: null } },
    });
    await renderPage(<SugerenciasAdminPage />);
    const table = await screen.findByRole('table', { name: 'Sugerencias de los pacientes' });
    expect(await within(table).findByText('Sugerencia número 1')).toBeDefined();
    expect(within(table).getAllByRole('row')).toHaveLength(3); // the header and two rows

    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await within(table).findByText('Sugerencia número 3')).toBeDefined();
    expect(screen.getByText('Página 2')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Siguiente' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(await within(table).findByText('Sugerencia número 2')).toBeDefined();

    await userEvent.type(screen.getByLabelText('Nombre del paciente'), 'maria');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(calls.map((c) => c.path)).toContain('/api/admin/suggestions?nombre=maria');
  });

  it('says when there is nothing', async () => {
    fakeApi({ 'GET /api/admin/suggestions': { json: { items: [], next_cursor: null } } });
    await renderPage(<SugerenciasAdminPage />);
    expect(await screen.findByText(messages.noResults)).toBeDefined();
  });

  it('shows the server refusal as an alert in the table', async () => {
    fakeApi({ 'GET /api/admin/suggestions': { status: 403, json: { success: false, message: messages.forbidden } } });
    await renderPage(<SugerenciasAdminPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(messages.forbidden);
  });
});
