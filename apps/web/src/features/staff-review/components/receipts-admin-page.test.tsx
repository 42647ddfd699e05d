// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { fakeApi, renderPage } from '../../../test/render.js';
import { ReciboAdminPage } from './receipts-admin-page.js';

const row = (i: number, nombre = 'Pedro') => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  token: `t${i}`,
  numero: i,
  nombre,
  apellido: `Apellido${i}`,
  proposito: 'consulta',
  servicio: 'consulta_general',
  monto: 10,
  metodo_de_pago: 'Transferencia',
  fecha: '2026-11-20T15:00:00.000Z',
  estado: 'pendiente',
  revisado: false,
  posible_duplicado: false,
  reembolso: null,
  confirmacion_yappy: null,
});

describe('/Recibo_Admin on the staff list', () => {
  it('pages the receipts and the first-name search by cursor, and refuses an empty search with an alert', async () => {
    const calls = fakeApi({
      'GET /api/admin/receipts': { json: { items: [row(1), row(2)], next_cursor: 'c2' } },
      'GET /api/admin/receipts?cursor=c2': { json: { items: [row(3)], next_cursor: null } },
      'POST /api/admin/receipts/search': { json: { items: [row(4, 'María')], next_cursor: 'm2' } },
      'POST /api/admin/receipts/search?cursor=m2': { json: { items: [row(5, 'Mariano')], next_cursor: null } },
    });
    await renderPage(<ReciboAdminPage />);
    const table = await screen.findByRole('table', { name: 'Recibos de pago' });
    expect(await within(table).findByText('Pedro Apellido1')).toBeDefined();
    // The short number is a column of its own (decision 0045), the one the search box takes.
    expect(within(table).getByRole('columnheader', { name: 'Referencia' })).toBeDefined();
    expect(within(within(table).getAllByRole('row')[1]!).getByText('N.º 000001')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await within(table).findByText('Pedro Apellido3')).toBeDefined();
    expect(screen.getByText('Página 2')).toBeDefined();

    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText(messages.missingFields)).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));

    // The label and its hint say a number can be typed: the server matches either.
    const box = screen.getByLabelText('Nombre del paciente o N.º');
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(box.getAttribute('aria-describedby')!)!.textContent).toContain('000123');
    await userEvent.type(box, 'maria');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    // A new search starts again at the first page.
    expect(await within(table).findByText('María Apellido4')).toBeDefined();
    expect(screen.getByText('Página 1')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await within(table).findByText('Mariano Apellido5')).toBeDefined();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
        ['/api/admin/receipts/search', { input: 'maria' }],
        ['/api/admin/receipts/search?cursor=m2', { input: 'maria' }],
      ]),
    );
  });
});
