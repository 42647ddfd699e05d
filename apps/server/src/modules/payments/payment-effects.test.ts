import { describe, expect, it, vi } from 'vitest';
import type { PaymentPurpose } from '@clinica/shared';
import type { Tx } from '../../db/client.js';
import { paymentEffectsRegistry, type PurposeEffects } from './payment-effects.js';
import type { PaymentRow } from './payments.repository.js';

const tx = {} as Tx;
const payment = (proposito: PaymentPurpose) => ({ id: `p-${proposito}`, proposito }) as PaymentRow;

/** Effects whose every member is a spy, for one purpose. */
function spies<P extends PaymentPurpose>(purpose: P, approvableFromReceipts: boolean) {
  return {
    purpose,
    approvableFromReceipts,
    approved: vi.fn(async () => undefined),
    rejected: vi.fn(async () => undefined),
    afterApproved: vi.fn(async () => undefined),
    afterRejected: vi.fn(async () => undefined),
  } satisfies PurposeEffects<P>;
}

function complete() {
  const registry = paymentEffectsRegistry();
  const consulta = spies('consulta', false);
  const cita = spies('cita', true);
  const horaExtra = spies('hora_extra', true);
  registry.register(consulta);
  registry.register(cita);
  registry.register(horaExtra);
  return { registry, consulta, cita, horaExtra };
}

describe('typed payment effects: a decision reaches only the effects of its payment purpose', () => {
  it('an approval inside the transaction goes to the purpose of the payment, with its transaction and staff', async () => {
    const { registry, consulta, cita, horaExtra } = complete();
    await registry.dispatch({ type: 'approved', tx, payment: payment('cita'), staffId: 'admin-1' });
    expect(cita.approved).toHaveBeenCalledExactlyOnceWith(tx, payment('cita'), 'admin-1');
    for (const other of [consulta, horaExtra]) expect(other.approved).not.toHaveBeenCalled();
    expect(cita.afterApproved).not.toHaveBeenCalled();
  });

  it('rejections and the steps after the commit each reach their own member', async () => {
    const { registry, consulta, horaExtra } = complete();
    await registry.dispatch({ type: 'rejected', tx, payment: payment('hora_extra'), staffId: 'admin-1' });
    await registry.dispatch({ type: 'rejection-committed', payment: payment('hora_extra'), staffId: 'admin-1' });
    await registry.dispatch({ type: 'approval-committed', payment: payment('consulta'), staffId: 'admin-2' });
    expect(horaExtra.rejected).toHaveBeenCalledExactlyOnceWith(tx, payment('hora_extra'), 'admin-1');
    expect(horaExtra.afterRejected).toHaveBeenCalledExactlyOnceWith(payment('hora_extra'), 'admin-1');
    expect(consulta.afterApproved).toHaveBeenCalledExactlyOnceWith(payment('consulta'), 'admin-2');
    expect(horaExtra.approved).not.toHaveBeenCalled();
    expect(consulta.rejected).not.toHaveBeenCalled();
  });

  it('a failing effect fails the dispatch (so the approving transaction rolls back)', async () => {
    const { registry, cita } = complete();
    cita.approved.mockRejectedValueOnce(new Error('slot lost'));
    await expect(registry.dispatch({ type: 'approved', tx, payment: payment('cita'), staffId: null })).rejects.toThrow('slot lost');
  });

  it('only purposes that say so are approvable from the receipt screen', () => {
    const { registry } = complete();
    expect(registry.approvableFromReceipts('cita')).toBe(true);
    expect(registry.approvableFromReceipts('hora_extra')).toBe(true);
    expect(registry.approvableFromReceipts('consulta')).toBe(false);
  });

  it('a purpose registered twice is refused; a missing one is named by the start-up check and refused at dispatch', async () => {
    const registry = paymentEffectsRegistry();
    registry.register(spies('cita', true));
    expect(() => registry.register(spies('cita', true))).toThrow("payment effects for 'cita' registered twice");
    expect(() => registry.assertComplete()).toThrow('payment purposes without effects: consulta, hora_extra');
    expect(registry.approvableFromReceipts('consulta')).toBe(false);
    await expect(registry.dispatch({ type: 'approved', tx, payment: payment('consulta'), staffId: null })).rejects.toThrow(
      "no payment effects registered for purpose 'consulta'",
    );
    const { registry: full } = complete();
    expect(() => full.assertComplete()).not.toThrow();
  });
});
