import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../infra/config.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

describe("GET /api/site/config: the clinic's contact (issue 23)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      CLINIC_ADDRESS: 'Vía España 120, Bella Vista',
      CLINIC_PHONE: '+507 399-1234',
      CLINIC_WHATSAPP: '+507 6123-4567',
      CLINIC_EMAIL: 'citas@clinica.example',
      CLINIC_MAP_URL: 'https://www.openstreetmap.org/?mlat=8.98&mlon=-79.52#map=18/8.98/-79.52',
      CLINIC_OPENING_HOURS: 'Lunes a viernes, de 8:00 a. m. a 10:00 p. m.',
    });
  });
  afterAll(async () => t.close());

  it('serves the configured address, phone, WhatsApp, e-mail, map link and hours to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ contact: unknown }>().contact).toEqual({
      address: 'Vía España 120, Bella Vista',
      phone: '+507 399-1234',
      whatsapp: '+507 6123-4567',
      email: 'citas@clinica.example',
      mapUrl: 'https://www.openstreetmap.org/?mlat=8.98&mlon=-79.52#map=18/8.98/-79.52',
      openingHours: 'Lunes a viernes, de 8:00 a. m. a 10:00 p. m.',
    });
  });

  it('refuses a map link that is not OpenStreetMap and a WhatsApp that is not a number, at start-up', () => {
    expect(() => parseConfig({ CLINIC_MAP_URL: 'https://maps.example.com/?q=clinica' })).toThrow(/CLINIC_MAP_URL/);
    expect(() => parseConfig({ CLINIC_WHATSAPP: 'escríbanos' })).toThrow(/CLINIC_WHATSAPP/);
    // Without its country code a wa.me link would reach nobody (decision 0060).
    expect(() => parseConfig({ CLINIC_WHATSAPP: '6123-4567' })).toThrow(/CLINIC_WHATSAPP/);
    expect(() => parseConfig({ CLINIC_WHATSAPP: '+507 6123-4567' })).not.toThrow();
    expect(() => parseConfig({ CLINIC_EMAIL: 'no es un correo' })).toThrow(/CLINIC_EMAIL/);
  });

  it('without configuration, demo values and the clinic hours the appointments use (openingHours null)', () => {
    const { clinic } = parseConfig({});
    expect(clinic.mapUrl).toMatch(/^https:\/\/www\.openstreetmap\.org\//);
    expect(clinic.openingHours).toBeNull();
  });
});
