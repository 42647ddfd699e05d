// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { fakeApi, renderPage } from '../../../test/render.js';
import { SolicitudesDatosAdminPage } from './data-requests-admin-page.js';

const request = (i: number, nombre: string, estado = 'pendiente') => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  tipo: 'cierre',
  estado,
  cambios: null,
  motivo: 'Ya no uso el servicio.',
  respuesta: estado === 'pendiente' ? null : 'No procede.',
  created_at: '2026-11-20T15:00:00.000Z',
  resuelta_at: estado === 'pendiente' ? null : '2026-11-21T15:00:00.000Z',
  paciente: { id: `p${i}`, nombre, apellido: 'Pérez', cedula: '8-123-4567', correo: `p${i}@example.com`, cerrada: false },
  actuales: null,
  resuelta_por: null,
});

describe('/Solicitudes_Datos_Admin on the staff list', () => {
  it('shows the pending requests as cards, searches by first name, pages, and the handled tab starts again', async () => {
    const calls = fakeApi({
      'GET /api/admin/data-requests?estado=pendiente': { json: { items: [request(1, 'María'), request(2, 'José')], next_cursor: 'c2' } },
      'GET /api/admin/data-requests?estado=pendiente&cursor=c2': { json: { items: [request(3, 'Rosa')], next_cursor: null } },
      'GET /api/admin/data-requests?estado=pendiente&nombre=maria': { json: { items: [request(1, 'María')], next_cursor: null } },
      'GET /api/admin/data-requests?estado=resuelta&nombre=maria': { json: { items: [], next_cursor: null } },
    });
    await renderPage(<SolicitudesDatosAdminPage />);
    const list = await screen.findByRole('list', { name: 'Solicitudes de corrección y cierre' });
    expect(within(list).getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Cierre de la cuenta de María Pérez',
      'Cierre de la cuenta de José Pérez',
    ]);
    expect(within(list).getAllByRole('button', { name: 'Aceptar' })).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByRole('article', { name: 'Cierre de la cuenta de Rosa Pérez' })).toBeDefined();

    await userEvent.type(screen.getByLabelText('Nombre del paciente'), 'maria');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    // A new search starts again at the first page: no page before it, none after.
    expect(screen.queryByRole('button', { name: 'Anterior' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Atendidas' }));
    expect(await screen.findByText('Todavía no se ha atendido ninguna solicitud.')).toBeDefined();
    expect(calls.map((c) => c.path)).toContain('/api/admin/data-requests?estado=resuelta&nombre=maria');
  });

  it('shows a refusal as an alert', async () => {
    fakeApi({ 'GET /api/admin/data-requests?estado=pendiente': { status: 403, json: { success: false, message: messages.forbidden } } });
    await renderPage(<SolicitudesDatosAdminPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(messages.forbidden);
  });
});
