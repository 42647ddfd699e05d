import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { yappyOrders } from '../../db/schema.js';

/** SQL of Yappy's button orders (decision 0058). */

export type YappyOrderRow = typeof yappyOrders.$inferSelect;
export type NewYappyOrder = typeof yappyOrders.$inferInsert;
export type YappyOrderEstado = YappyOrderRow['estado'];

export function yappyRepository(db: Db) {
  return {
    async insert(row: NewYappyOrder) {
      const [created] = await db.insert(yappyOrders).values(row).returning();
      return created!;
    },

    async find(exec: Db, id: string) {
      const [row] = await exec.select().from(yappyOrders).where(eq(yappyOrders.id, id));
      return row;
    },

    /** The order, locked until the notification's transaction ends (concurrent notifications queue here). */
    async lock(tx: Db, id: string) {
      const [row] = await tx.select().from(yappyOrders).where(eq(yappyOrders.id, id)).for('update');
      return row;
    },

    /**
     * The one claim that pays an order: pendiente -> pagada while it has not lapsed. Of any number
     * of notifications for one order, only one gets the row back.
     */
    async claimPaid(tx: Db, id: string, confirmacion: string | null, now: Date) {
      const [row] = await tx
        .update(yappyOrders)
        .set({ estado: 'pagada', confirmacion, decidido_at: now, updated_at: now })
        .where(and(eq(yappyOrders.id, id), eq(yappyOrders.estado, 'pendiente'), gt(yappyOrders.expira_at, now)))
        .returning();
      return row;
    },

    /** Yappy confirmed an order that had lapsed or was closed: recorded once, to be paid back. */
    async claimPaidLate(tx: Db, id: string, confirmacion: string | null, now: Date) {
      const [row] = await tx
        .update(yappyOrders)
        .set({ estado: 'pagada_tarde', confirmacion, decidido_at: now, updated_at: now })
        .where(and(eq(yappyOrders.id, id), inArray(yappyOrders.estado, ['pendiente', 'expirada', 'rechazada', 'cancelada'])))
        .returning();
      return row;
    },

    /** A pending order closed without payment (rejected, cancelled, expired); once. */
    async close(tx: Db, id: string, estado: 'rechazada' | 'cancelada' | 'expirada', now: Date) {
      const [row] = await tx
        .update(yappyOrders)
        .set({ estado, decidido_at: now, updated_at: now })
        .where(and(eq(yappyOrders.id, id), eq(yappyOrders.estado, 'pendiente')))
        .returning();
      return row;
    },

    async linkPayment(tx: Db, id: string, paymentId: string) {
      await tx.update(yappyOrders).set({ payment_id: paymentId }).where(eq(yappyOrders.id, id));
    },

    /** Pending orders whose time is over (the sweep closes them one by one). */
    async lapsed(now: Date, limit = 200) {
      return db
        .select({ id: yappyOrders.id })
        .from(yappyOrders)
        .where(and(eq(yappyOrders.estado, 'pendiente'), lte(yappyOrders.expira_at, now)))
        .limit(limit);
    },
  };
}
export type YappyRepository = ReturnType<typeof yappyRepository>;
