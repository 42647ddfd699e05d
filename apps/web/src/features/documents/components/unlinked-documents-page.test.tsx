// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { fakeApi, renderPage } from '../../../test/render.js';
import { UnlinkedDocumentsPage } from './unlinked-documents-page.js';

const doc = (i: number, nombre: string) => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  tipo: 'recetario',
  titulo: 'Recetario',
  nombre_pdf: `recetario-${i}.pdf`,
  codigo: `ABCD-EFGH-000${i}`,
  created_at: '2026-11-20T15:00:00.000Z',
  doctor: 'Ana Castillo',
  nombre_paciente: nombre,
  cedula_paciente: '',
  correoPaciente: `p${i}@example.com`,
});

describe('/Documentos_Admin on the staff list', () => {
  it('shows the documents as cards, pages with the cursor and searches by the patient’s first name', async () => {
    const calls = fakeApi({
      'GET /api/admin/documents/unlinked': { json: { items: [doc(1, 'María Núñez'), doc(2, 'José Mora')], next_cursor: 'c2' } },
      'GET /api/admin/documents/unlinked?cursor=c2': { json: { items: [doc(3, 'Rosa Pérez')], next_cursor: null } },
      'GET /api/admin/documents/unlinked?nombre=maria': { json: { items: [doc(1, 'María Núñez')], next_cursor: null } },
    });
    await renderPage(<UnlinkedDocumentsPage />);
    const list = await screen.findByRole('list', { name: 'Documentos sin vincular' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('María Núñez')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Vincular Recetario ABCD-EFGH-0001 a un paciente' })).toBeDefined();

    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Rosa Pérez')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(await screen.findByText('José Mora')).toBeDefined();

    await userEvent.type(screen.getByLabelText('Nombre del paciente'), 'maria');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(screen.queryByText('José Mora')).toBeNull());
    expect(calls.map((c) => c.path)).toContain('/api/admin/documents/unlinked?nombre=maria');
  });

  it('says when no document waits, and shows a refusal as an alert', async () => {
    fakeApi({ 'GET /api/admin/documents/unlinked': { json: { items: [], next_cursor: null } } });
    const view = await renderPage(<UnlinkedDocumentsPage />);
    expect(await screen.findByText(messages.noTableData)).toBeDefined();
    view.unmount();
    fakeApi({ 'GET /api/admin/documents/unlinked': { status: 403, json: { success: false, message: messages.forbidden } } });
    await renderPage(<UnlinkedDocumentsPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(messages.forbidden);
  });
});
