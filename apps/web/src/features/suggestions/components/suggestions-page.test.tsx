// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { fakeApi, renderPage } from '../../../test/render.js';
import { SugerenciasPage } from './suggestions-page.js';

describe('/Sugerencias, a patient form without a browser', () => {
  it('refuses a blank suggestion with the mandatory-fields alert and sends nothing', async () => {
    const calls = fakeApi({});
    await renderPage(<SugerenciasPage />);
    await userEvent.type(await screen.findByLabelText(/Su sugerencia/), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar sugerencia' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain(messages.missingFields);
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('sends the text, empties the form and shows the server answer', async () => {
    const calls = fakeApi({ 'POST /api/suggestions': { json: { success: true, message: messages.suggestionSaved } } });
    await renderPage(<SugerenciasPage />);
    const box = await screen.findByLabelText(/Su sugerencia/);
    await userEvent.type(box, 'Más horarios los sábados');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar sugerencia' }));
    await waitFor(() => expect(calls).toEqual([{ method: 'POST', path: '/api/suggestions', body: { sugerencia: 'Más horarios los sábados' } }]));
    expect((await screen.findByRole('alertdialog')).textContent).toContain(messages.suggestionSaved);
    expect((box as HTMLTextAreaElement).value).toBe('');
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
  });

  it('puts the catalogue prefix before the server refusal', async () => {
    fakeApi({ 'POST /api/suggestions': { status: 429, json: { success: false, message: messages.tooManyAttempts } } });
    await renderPage(<SugerenciasPage />);
    await userEvent.type(await screen.findByLabelText(/Su sugerencia/), 'Otra idea');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar sugerencia' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain(`${messages.suggestionFailedPrefix}${messages.tooManyAttempts}`);
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
  });
});
