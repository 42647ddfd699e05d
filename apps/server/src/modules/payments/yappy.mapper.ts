import { messages, type YappyOrderStarted } from '@clinica/shared';
import type { YappyOrderCreated } from './yappy-client.js';
import type { YappyOrderRow } from './yappy.repository.js';

/** The answer of every Yappy order start (consultation, appointment, extra hour): what `<btn-yappy>` needs. */
export const toYappyOrderStarted = (started: { order: YappyOrderRow; yappy: YappyOrderCreated }): YappyOrderStarted => ({
  success: true,
  message: messages.yappyOrderCreated,
  orden: started.order.id,
  transactionId: started.yappy.transactionId,
  token: started.yappy.token,
  documentName: started.yappy.documentName,
  expira_at: started.order.expira_at.toISOString(),
});
