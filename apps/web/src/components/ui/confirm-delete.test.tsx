// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@clinica/shared';
import { renderPage } from '../../test/render.js';
import { ConfirmDelete } from './confirm-delete.js';

describe('<ConfirmDelete>, the one question before deleting a news item, picture or sponsor', () => {
  it('names what will be deleted; only "Eliminar" deletes, "Cancelar" does not', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    await renderPage(<ConfirmDelete name="Feria de salud" busy={false} onConfirm={onConfirm} onCancel={onCancel} />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Eliminar' });
    expect(dialog.textContent).toContain(`«Feria de salud». ${messages.confirmDelete}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
