import crypto from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { Config } from './infra/config.js';
import type { Db } from './db/client.js';
import { staff } from './db/schema-accounts.js';
import { accountsRepository } from './modules/auth/accounts.repository.js';
import { createStorage } from './infra/storage.js';
import { seedDemoPublishing } from './modules/news/news.seed.js';
import { sha256 } from './infra/token.js';

/** The demo clinic's accounts; listed in the README, refused in production (SEED_DEMO). */
export const DEMO_ACCOUNTS = {
  admin: { correo: 'admin@clinica.demo', password: 'Admin-demo-2026' },
  doctors: [
    // Each with the profile documents print (issue 22); the signature is drawn by whoever tries the demo.
    { correo: 'general@clinica.demo', password: 'Doctor-demo-2026', servicio: 'consulta_general', nombre: 'Ana', apellido: 'Castillo', sexo: 'Mujer', especialidad: 'Medicina General', registro: 'Idoneidad demo N.º 0001' },
    { correo: 'psicologia@clinica.demo', password: 'Doctor-demo-2026', servicio: 'psicologia', nombre: 'Luis', apellido: 'Herrera', sexo: 'Hombre', especialidad: 'Psicología', registro: 'Idoneidad demo N.º 0002' },
    { correo: 'interna@clinica.demo', password: 'Doctor-demo-2026', servicio: 'medicina_interna', nombre: 'Marta', apellido: 'Quintero', sexo: 'Mujer', especialidad: 'Medicina Interna', registro: 'Idoneidad demo N.º 0003' },
  ],
  patient: { correo: 'paciente@clinica.demo', password: 'Paciente-demo-2026' },
} as const;

// A 1x1 PNG stands in for the demo patient's ID-card photo.
const DEMO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Seeds the demo clinic on the first run (when no staff account exists yet). */
export async function seedDemo(db: Db, config: Config) {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(staff);
  if (n > 0) return false;
  const accounts = accountsRepository(db);
  // The demo staff are approved accounts, as if an administrator had approved them.
  await accounts.insertStaff({
    estado: 'activo',
    role: 'admin',
    nombre: 'Sofía',
    apellido: 'Administradora',
    correo: DEMO_ACCOUNTS.admin.correo,
    password_hash: await hash(DEMO_ACCOUNTS.admin.password),
    servicio: null,
  });
  for (const d of DEMO_ACCOUNTS.doctors) {
    await accounts.insertStaff({
      estado: 'activo',
      role: 'doctor',
      nombre: d.nombre,
      apellido: d.apellido,
      correo: d.correo,
      password_hash: await hash(d.password),
      servicio: d.servicio,
      perfil_nombre: `${d.nombre} ${d.apellido}`,
      perfil_sexo: d.sexo,
      perfil_especialidad: d.especialidad,
      perfil_registro: d.registro,
    });
  }
  const storage = createStorage(config, db);
  const fileId = crypto.randomUUID();
  await storage.put(fileId, DEMO_PNG, { encrypt: true });
  await accounts.insertPatient(
    {
      nombre: 'Carlos',
      apellido: 'Pérez',
      cedula: '8-888-1234',
      correo: DEMO_ACCOUNTS.patient.correo,
      password_hash: await hash(DEMO_ACCOUNTS.patient.password),
      nacionalidad: 'Panamá',
      genero: 'masculino',
      edad: 34,
      direccion: 'Calle 50, Ciudad de Panamá',
      country_code: '+507',
      celular: '61234567',
      acuerdo: true,
      acuerdo_at: new Date(),
      // The demo patient's address counts as verified (issue 18), like every account made before.
      email_verified_at: new Date(),
    },
    {
      id: fileId,
      kind: 'id_card',
      mime: 'image/png',
      size: DEMO_PNG.length,
      sha256: sha256(DEMO_PNG, 'hex'),
      nombre: 'cedula-demo.png',
      encrypted: true,
    },
  );
  await seedDemoPublishing(db, storage);
  return true;
}
