import { hash } from '@node-rs/argon2';
import { createAdminSchema, messages, type CreateAdminInput } from '@clinica/shared';
import type { Db } from '../../db/client.js';
import { staff } from '../../db/schema.js';
import { staffAccountsRepository } from './staff-accounts.repository.js';

/**
 * Creates an active administrator without the registration key: the first administrator of an
 * empty clinic (`npm run create-admin -w @clinica/server`). Whoever can run it already holds the
 * server's configuration and database, so it needs no other proof; it is audited all the same.
 * Returns a Spanish error (catalogue) for the operator, or the new account.
 */
export async function createAdmin(db: Db, raw: CreateAdminInput, now: () => number = Date.now) {
  const parsed = createAdminSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false as const, error: `${String(issue.path[0] ?? '')}: ${issue.message}` };
  }
  const input = parsed.data;
  const repo = staffAccountsRepository(db);
  const at = new Date(now());
  const [row] = await db
    .insert(staff)
    .values({
      role: 'admin',
      nombre: input.nombre,
      apellido: input.apellido,
      correo: input.correo,
      password_hash: await hash(input.password),
      servicio: null,
      estado: 'activo',
      estado_at: at,
    })
    .onConflictDoNothing()
    .returning({ id: staff.id });
  if (!row) return { ok: false as const, error: `correo: ${messages.emailTaken}` };
  await repo.auditCommand({ staffId: row.id, correo: input.correo, at, detail: `cuenta de administrador ${input.correo}, activa` });
  return { ok: true as const, id: row.id, correo: input.correo, activeAdmins: await repo.activeAdmins() };
}
