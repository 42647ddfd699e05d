// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '@clinica/shared';
import { fakeApi, renderPage } from '../../../test/render.js';
import { ClinicHours } from './clinic-hours.js';

const config = (openingHours: string | null): SiteConfig => ({
  clinicName: 'Clínica',
  videoUrls: [],
  playlistUrl: '',
  social: { facebook: '', instagram: '' },
  contact: { address: 'Calle 50', phone: '+507 300-0000', whatsapp: '+507 6000-0000', email: 'c@clinica.demo', mapUrl: 'https://www.openstreetmap.org/', openingHours },
});

// Issue 23 item 4, leftovers: the home page's and the FAQ's hours are the configuration's, not a copy.
describe('ClinicHours', () => {
  it("shows the clinic's configured opening hours instead of any hours of its own", async () => {
    fakeApi({ 'GET /api/site/config': { json: config('Lunes a sábado, de 7:00 a. m. a 7:00 p. m.') } });
    await renderPage(<ClinicHours />);
    expect(await screen.findByText('Lunes a sábado, de 7:00 a. m. a 7:00 p. m.')).toBeDefined();
    expect(screen.queryByText(/Lunes a viernes/)).toBeNull();
    // The virtual service's hours are the server's rule (8:00 to 22:00).
    expect(screen.getByText('Todos los días, de 8:00 a. m. a 10:00 p. m.')).toBeDefined();
  });

  it('without configured hours shows the hours the appointments are booked in', async () => {
    fakeApi({ 'GET /api/site/config': { json: config(null) } });
    await renderPage(<ClinicHours />);
    expect(await screen.findByText('Lunes a viernes, de 8:00 a. m. a 10:00 p. m.')).toBeDefined();
    expect(screen.getByText('Sábados y domingos, de 9:00 a. m. a 5:00 p. m.')).toBeDefined();
  });
});
