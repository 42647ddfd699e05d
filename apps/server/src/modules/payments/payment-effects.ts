import { PAYMENT_PURPOSES, type PaymentPurpose } from '@clinica/shared';
import type { Tx } from '../../db/client.js';
import type { PaymentRow } from './payments.repository.js';

/** A payment of one purpose: its row with `proposito` narrowed, so each module sees only its own. */
export type PaymentOf<P extends PaymentPurpose> = PaymentRow & { proposito: P };

/**
 * What a payment's purpose does when the payment is decided: the module that sells the thing
 * (consultations, appointments, chat) implements it once, at its plugin's build, and the payments
 * module calls it. Every member is required, so a purpose that does nothing on approval says so
 * in its own code (an empty `approved`) instead of being silently skipped.
 */
export interface PurposeEffects<P extends PaymentPurpose> {
  purpose: P;
  /**
   * Whether an administrator approves this purpose's pending payments from the receipt screen.
   * Consultations are not: their payment is approved by classifying the consultation (tipo_a, tipo_b).
   */
  approvableFromReceipts: boolean;
  /** Inside the approving transaction (the chat adds an hour, a booking is confirmed ...). */
  approved(tx: Tx, payment: PaymentOf<P>, staffId: string | null): Promise<void>;
  /** Inside the rejecting transaction. */
  rejected(tx: Tx, payment: PaymentOf<P>, staffId: string): Promise<void>;
  /** After an administrator's approval committed (messages: nothing that must roll back with it). */
  afterApproved(payment: PaymentOf<P>, staffId: string): Promise<void>;
  /** After a rejection committed. */
  afterRejected(payment: PaymentOf<P>, staffId: string): Promise<void>;
}

/** The discriminated union on the purpose: consultation, appointment, extra hour of chat. */
export type PaymentEffects = { [P in PaymentPurpose]: PurposeEffects<P> }[PaymentPurpose];

/** A decision on a payment, as the payments module announces it to the payment's purpose. */
export type PaymentDecision =
  | { type: 'approved'; tx: Tx; payment: PaymentRow; staffId: string | null }
  | { type: 'rejected'; tx: Tx; payment: PaymentRow; staffId: string }
  | { type: 'approval-committed'; payment: PaymentRow; staffId: string }
  | { type: 'rejection-committed'; payment: PaymentRow; staffId: string };

/**
 * The one place a payment's decision reaches what it paid for. Each purpose's effects are
 * registered once (a second registration is a programming error); `assertComplete` runs when
 * the app is ready, so a server where a purpose has nobody to act on it does not start.
 */
export function paymentEffectsRegistry() {
  const byPurpose = new Map<PaymentPurpose, PaymentEffects>();

  /**
   * The effects of a purpose, widened to take any payment: the map is filled only through
   * register(), which keys each entry by its own `purpose`, so a payment reaches only the
   * effects of its own purpose.
   */
  function effectsOf(purpose: PaymentPurpose): PurposeEffects<PaymentPurpose> {
    const effects = byPurpose.get(purpose);
    if (!effects) throw new Error(`no payment effects registered for purpose '${purpose}'`);
    return effects;
  }

  return {
    register(effects: PaymentEffects) {
      if (byPurpose.has(effects.purpose)) throw new Error(`payment effects for '${effects.purpose}' registered twice`);
      byPurpose.set(effects.purpose, effects);
    },

    /** Throws, naming them, when some purposes have no effects (checked at start-up). */
    assertComplete() {
      const missing = PAYMENT_PURPOSES.filter((p) => !byPurpose.has(p));
      if (missing.length > 0) throw new Error(`payment purposes without effects: ${missing.join(', ')}`);
    },

    approvableFromReceipts: (purpose: PaymentPurpose) => byPurpose.get(purpose)?.approvableFromReceipts === true,

    /** Hands a decision to the effects of the payment's purpose. */
    async dispatch(decision: PaymentDecision): Promise<void> {
      const { payment } = decision;
      const effects = effectsOf(payment.proposito);
      switch (decision.type) {
        case 'approved':
          return effects.approved(decision.tx, payment, decision.staffId);
        case 'rejected':
          return effects.rejected(decision.tx, payment, decision.staffId);
        case 'approval-committed':
          return effects.afterApproved(payment, decision.staffId);
        case 'rejection-committed':
          return effects.afterRejected(payment, decision.staffId);
      }
    },
  };
}

export type PaymentEffectsRegistry = ReturnType<typeof paymentEffectsRegistry>;
