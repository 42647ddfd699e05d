import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { buildApp } from '../apps/server/src/app.js';
import { multipart } from '../apps/server/test/harness.js';
import { drawnSignature } from '../apps/server/test/signature-fixture.js';
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-x-'));
const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const app = await buildApp({ config, database: await openDatabase({ dataDir }), logger: false });
const correo = 'x@clinica.test', password = 'secreto-seguro-1';
await app.inject({ method: 'POST', url: '/api/doctor/register', payload: { clave_seguridad: config.doctorRegistrationKey, nombre: 'Ana', apellido: 'C', correo, password, password_confirm: password, servicio: 'consulta_general' } });
const login = await app.inject({ method: 'POST', url: '/api/doctor/login', payload: { email: correo, password } });
const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
const body = multipart({ regNumber: '1' }, [{ field: 'firma', filename: 'f.png', bytes: drawnSignature(), type: 'image/png' }]);
await app.inject({ method: 'PUT', url: '/api/doctor/documents/profile', payload: body.payload, headers: { ...body.headers, cookie } });
const payload = { correoPaciente: 'p@e.com', patientName: 'Lucía', date: '2026-11-21', Medicamentos: 'Ibuprofeno 400 mg' };
const go = async (url: string, method: 'POST' | 'GET') => { const r = await app.inject({ method, url, headers: { cookie }, payload: method === 'POST' ? payload : undefined }); if (r.statusCode >= 300) throw new Error(r.body); };
for (let i = 0; i < 30; i++) await go('/api/doctor/documents/recetario', 'POST');
for (const [label, url, method] of [['generate', '/api/doctor/documents/recetario', 'POST'], ['list', '/api/doctor/documents/recetario', 'GET'], ['profile', '/api/doctor/documents/profile', 'GET']] as const) {
  const c0 = process.cpuUsage(); const t0 = performance.now(); const N = 40;
  for (let i = 0; i < N; i++) await go(url, method);
  const c = process.cpuUsage(c0);
  console.log(label, 'cpu ms', ((c.user + c.system) / 1000 / N).toFixed(1), 'wall ms', ((performance.now() - t0) / N).toFixed(1));
}
await app.close(); await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
