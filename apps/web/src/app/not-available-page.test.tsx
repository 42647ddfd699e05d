// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../test/render.js';
import { NotAvailablePage } from './not-available-page.js';

// What a route shows while its feature has no page yet (router.tsx: a route without a page). Every
// route has its page today, so no browser can reach the notice: it is proven here, for a patient's,
// an administrator's and a doctor's route, as the router would show it (decision 0061).
describe('the notice of a page not built yet', () => {
  it("on a patient's route: says so, offers the FAQ's contact and the way home", async () => {
    await renderPage(<NotAvailablePage />, { route: '/Consultas' });
    expect(screen.getByRole('heading', { level: 1, name: 'Esta sección aún no está disponible en línea' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Preguntas frecuentes: contacto' }).getAttribute('href')).toBe('/preguntas-frecuentes#contacto');
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');
  });

  it("on an administrator's route: tells staff to coordinate with the clinic and leads back to /Admin", async () => {
    await renderPage(<NotAvailablePage />, { route: '/Recibo_Admin' });
    expect(screen.getByText('Mientras tanto, coordine esta tarea directamente con la administración de la clínica.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Preguntas frecuentes: contacto' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/Admin');
  });

  it("on a doctor's route: leads back to /AdminDoctor", async () => {
    await renderPage(<NotAvailablePage />, { route: '/Recetarios' });
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/AdminDoctor');
  });
});
