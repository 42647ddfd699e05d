// The public face of this module: other modules import only what is listed here (lint-enforced).
export { type PaymentRow } from './payments.repository.js';
export { type PaymentsService } from './payments.service.js';
export { type PaymentEffects, type PurposeEffects, type PaymentOf } from './payment-effects.js';
export { default as paymentsPlugin } from './payments.plugin.js';
export { type YappyTarget, YappyUndeliverable } from './yappy.service.js';
export { type YappyOrderRow } from './yappy.repository.js';
export { toYappyOrderStarted } from './yappy.mapper.js';
