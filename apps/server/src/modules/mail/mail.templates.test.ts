import { describe, expect, it } from 'vitest';
import { renderMail, type TemplateData, type TemplateKind } from './mail.templates.js';

/**
 * Issue 18: no e-mail carries clinical details. Every template is rendered with clinical words
 * planted in every value it takes (the staff's free-text reasons included); none may come out.
 */
const CLINICAL = ['VIH positivo', 'diabetes tipo 2', 'depresión mayor', 'metformina 850 mg', 'biopsia de mama'];
const planted = CLINICAL.join('; ');
const start = new Date('2026-12-01T14:00:00Z');
const appointment = { appointmentId: '00000000-0000-4000-8000-000000000001', start };

// A record over TemplateKind: a new template without a sample here fails to compile.
const samples: { [K in TemplateKind]: TemplateData[K] } = {
  emailVerification: { token: 'A'.repeat(43) },
  passwordResetUnverified: {},
  passwordReset: { token: 'B'.repeat(43), role: 'patient' },
  passwordChanged: { role: 'patient', at: start },
  twoFactorReset: { role: 'doctor', at: start },
  consultationReceived: {},
  consultationAuthorised: {},
  consultationReferred: {},
  paymentReceived: {},
  paymentApproved: {},
  paymentRejected: { motivo: planted },
  appointmentRequested: appointment,
  appointmentConfirmed: appointment,
  appointmentCancelled: { ...appointment, motivo: planted },
  appointmentHoldExpired: appointment,
  staffHoldExpired: { ...appointment, metodo: 'Transferencia', numero: 123 },
  waitlistOffer: { start, expiresAt: start, token: 'F'.repeat(32) },
  appointmentReminder: { ...appointment, token: 'D'.repeat(43), citaToken: 'E'.repeat(43) },
  documentAvailable: {},
  staffReceiptPending: { metodo: 'Yappy', reviewPath: '/Recibo_Admin' },
  staffNewAppointment: appointment,
  appointmentRescheduled: { ...appointment, secuencia: 1, before: new Date('2026-11-25T14:00:00Z') },
  staffAppointmentRescheduled: { ...appointment, before: new Date('2026-11-25T14:00:00Z'), path: '/Citas_Admin' },
  staffInvitation: { token: 'C'.repeat(43), role: 'doctor', expiresAt: start },
  loginUnderAttack: { at: start, maxAttempts: 5, staff: false },
  dataRequestAnswered: {},
  accountClosed: { referencia: 'CERR-1234' },
  refundDue: { metodo: 'Yappy' },
  refunded: { metodo: 'Paypal o Tarjeta' },
};
const ctx = {
  clinicName: 'Clínica Demo',
  origin: 'https://clinica.example',
  contact: { address: 'Calle 50, Obarrio', phone: '+507 300-0000', whatsapp: '+507 6000-0000', email: 'contacto@clinica.example' },
};

describe('e-mail templates', () => {
  for (const kind of Object.keys(samples) as TemplateKind[]) {
    it(`${kind}: no clinical detail, only a link to the site`, () => {
      const mail = renderMail(kind, samples[kind] as never, { nombre: 'Ana' }, ctx);
      const attachments = mail.attachments.map((a) => Buffer.from(a.contentBase64, 'base64').toString('utf8')).join('\n');
      for (const part of [mail.subject, mail.text, mail.html, attachments]) {
        for (const word of CLINICAL) expect(part.toLowerCase()).not.toContain(word.toLowerCase());
      }
      // What it says is waiting is behind a link to the clinic's own site.
      expect(mail.text).toMatch(/https:\/\/clinica\.example\/\S*/);
      expect(mail.html).toContain('href="https://clinica.example/');
    });
  }

  it('a refund e-mail says how the money goes back and where to follow it', () => {
    const due = renderMail('refundDue', { metodo: 'Paypal o Tarjeta' }, { nombre: 'Ana' }, ctx);
    expect(due.subject).toBe('Le devolveremos un pago');
    expect(due.text).toContain('a la misma cuenta de PayPal o tarjeta con que pagó');
    expect(due.text).toContain('https://clinica.example/Recibo_pagos');
    expect(renderMail('refunded', { metodo: 'Yappy' }, { nombre: 'Ana' }, ctx).text).toContain('La clínica le devolvió el pago por Yappy.');
  });

  it('a rejected payment or a cancelled appointment points to the patient area for the reason', () => {
    expect(renderMail('paymentRejected', { motivo: planted }, { nombre: 'Ana' }, ctx).text).toContain('El motivo está en su área de paciente.');
    expect(renderMail('appointmentCancelled', { ...appointment, motivo: planted }, { nombre: 'Ana' }, ctx).text).toContain(
      'El motivo está en su área de paciente.',
    );
  });
});
