// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '@clinica/shared';
import { fakeApi, renderPage } from '../../test/render.js';
import { ClinicWhatsappLink, PatientPhone } from './whatsapp-link.js';

const config = (whatsapp: string): SiteConfig => ({
  clinicName: 'Clínica',
  videoUrls: [],
  playlistUrl: '',
  social: { facebook: '', instagram: '' },
  contact: { address: 'Calle 50', phone: '+507 300-0000', whatsapp, email: 'c@clinica.demo', mapUrl: 'https://www.openstreetmap.org/', openingHours: null },
});

// Issue 27, item 3 (decision 0060): the web's wa.me links.
describe('WhatsApp links', () => {
  it("the clinic's link: its configured number, the prefilled text, a new tab without opener or referrer", async () => {
    fakeApi({ 'GET /api/site/config': { json: config('+507 6123-4567') } });
    await renderPage(<ClinicWhatsappLink text="Hola, acabo de reservar una cita para el jueves 3 dic. 2026 a las 9:00 a. m." />);
    const link = await screen.findByRole('link', { name: 'Escribir a la clínica por WhatsApp (se abre en otra pestaña)' });
    const href = new URL(link.getAttribute('href')!);
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/50761234567');
    expect(href.searchParams.get('text')).toBe('Hola, acabo de reservar una cita para el jueves 3 dic. 2026 a las 9:00 a. m.');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toBe('Escribir a la clínica por WhatsApp');
  });

  it("a patient's number for staff: the link beside the number; none for an impossible or missing one", async () => {
    await renderPage(
      <ul>
        <li>
          <PatientPhone phone="+507 6123-4567" />
        </li>
        <li>
          <PatientPhone phone="+507 6123-456" />
        </li>
        <li>
          <PatientPhone phone="+507 " />
        </li>
      </ul>,
    );
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('https://wa.me/50761234567');
    expect(links[0]!.getAttribute('aria-label')).toBe('Escribir al paciente por WhatsApp al +507 6123-4567 (se abre en otra pestaña)');
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer');
    // The number itself stays readable, with or without a link.
    expect(screen.getByText('+507 6123-456')).toBeDefined();
  });
});
