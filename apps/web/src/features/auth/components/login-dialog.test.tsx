// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { fakeApi, renderPage } from '../../../test/render.js';
import { LoginDialog } from './login-dialog.js';

const open = async () => renderPage(<LoginDialog onClose={() => undefined} onOpenRegistration={() => undefined} />);

describe('the patient login pop-up', () => {
  it('says what is missing in Spanish and calls nothing', async () => {
    const calls = fakeApi({});
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Iniciar sesión' }));
    // Both fields say so, under each field.
    expect(await screen.findAllByText(messages.missingFields)).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });

  it('sends only the address and the password, and shows the server refusal', async () => {
    const calls = fakeApi({ 'POST /api/auth/login': { status: 401, json: { success: false, message: messages.invalidCredentials } } });
    await open();
    await userEvent.type(await screen.findByLabelText(/Correo electrónico/), 'ana@example.com');
    await userEvent.type(screen.getByLabelText(/Contraseña/), 'una-clave-larga');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ method: 'POST', path: '/api/auth/login', body: { email: 'ana@example.com', password: 'una-clave-larga' } });
    expect(await screen.findByText(messages.invalidCredentials)).toBeDefined();
  });
});
