// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { fakeApi, renderPage } from '../../../test/render.js';
import { AdminDoctorHours } from './admin-doctor-hours.js';

// The administrator's choice of a doctor on /Citas_Admin says, as /citas does, when a service's
// doctors could not be read or when it has none, instead of an empty list.
describe("the administrator's doctor picker for weekly hours", () => {
  it('says the service has no doctors', async () => {
    fakeApi({ 'GET /api/doctors?servicio=psicologia': { json: [] } });
    await renderPage(<AdminDoctorHours />);
    await userEvent.selectOptions(await screen.findByLabelText('Servicio'), 'psicologia');
    expect((await screen.findByRole('alert')).textContent).toBe(messages.noDoctorsForService);
  });

  it('says the doctors could not be read', async () => {
    fakeApi({ 'GET /api/doctors?servicio=psicologia': { status: 500, json: { success: false, message: 'x' } } });
    await renderPage(<AdminDoctorHours />);
    await userEvent.selectOptions(await screen.findByLabelText('Servicio'), 'psicologia');
    expect((await screen.findByRole('alert')).textContent).toBe(messages.requestFailed);
  });
});
