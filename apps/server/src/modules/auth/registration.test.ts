import fs from 'node:fs/promises';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { files, patients } from '../../db/schema.js';
import { PNG_1X1, createTestApp, markEmailVerified, validRegistration, type TestApp } from '../../../test/harness.js';
import { expectRefusedWritingNothing, registerPatient, storedFiles, writtenState } from './test-support.js';

// Patient registration (docs/spec/patient-and-public.md, section 5 "Registration"; docs/spec/decisions.md "Phone
// numbers" and "Files"). Every refusal is checked for its exact message and for writing nothing.

let t: TestApp;
const newestPatient = async (correo: string) =>
  (await t.app.db.select({ id: patients.id }).from(patients).where(eq(patients.correo, correo)).orderBy(desc(patients.created_at)))[0]!;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const MISSING = 'Por favor, complete todos los campos obligatorios.';
const BAD_EMAIL = 'Por favor, ingresa un correo válido.';
const BAD_PHONE = 'El número no es válido.';
const PASSWORDS_DIFFER = 'Las contraseñas no coinciden';
const TERMS = 'Debes aceptar los términos y condiciones.';
const NO_IMAGE = 'Por favor, sube la imagen del comprobante.';

/** The specification's table, typed out again here so a wrong constant in the code cannot hide. */
const SPEC_PHONE_DIGITS: [country: string, code: string, digits: number][] = [
  ['Argentina', '+54', 10],
  ['Bolivia', '+591', 8],
  ['Brasil', '+55', 11],
  ['Chile', '+56', 9],
  ['Colombia', '+57', 10],
  ['Costa Rica', '+506', 8],
  ['Cuba', '+53', 8],
  ['Ecuador', '+593', 9],
  ['El Salvador', '+503', 8],
  ['Guatemala', '+502', 8],
  ['Honduras', '+504', 8],
  ['México', '+52', 10],
  ['Nicaragua', '+505', 8],
  ['Panamá', '+507', 8],
  ['Paraguay', '+595', 9],
  ['Perú', '+51', 9],
  ['Puerto Rico', '+1-787', 10],
  ['República Dominicana', '+1-809', 10],
  ['Uruguay', '+598', 9],
  ['Venezuela', '+58', 10],
];
const digits = (n: number) => '61234567890123'.slice(0, n);
/** The same digits written the way people type them: groups split by spaces, dashes and brackets. */
const typed = (n: number) => {
  const d = digits(n);
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
};

const REQUIRED = [
  'nombre',
  'apellido',
  'cedula',
  'correo',
  'password',
  'password_confirm',
  'nacionalidad',
  'genero',
  'edad',
  'direccion',
  'country_code',
  'celular',
] as const;

describe('a valid registration', () => {
  it('creates the patient, stores the ID image encrypted and hashes the password', async () => {
    const before = await writtenState(t);
    const reg = validRegistration();
    const res = await registerPatient(t, reg);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: 'Registro exitoso' });

    const after = await writtenState(t);
    expect(after.patients).toBe(before.patients + 1);
    expect(after.files).toBe(before.files + 1);
    expect(after.disk.length).toBe(before.disk.length + 1);

    const [row] = await t.app.db.select().from(patients).where(eq(patients.correo, reg.correo));
    expect(row).toMatchObject({ nombre: 'María', apellido: 'González', edad: 31, country_code: '+507', acuerdo: true });
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(row!.password_hash).not.toContain(reg.password);

    const [file] = await t.app.db.select().from(files).where(eq(files.id, row!.image_cedula_file_id!));
    expect(file).toMatchObject({ kind: 'id_card', mime: 'image/png', size: PNG_1X1.length, encrypted: true });
    const onDisk = after.disk.find((f) => !before.disk.includes(f))!;
    expect(path.basename(onDisk)).toBe(file!.id);
    const stored = await fs.readFile(path.join(t.dataDir, 'files', onDisk));
    expect(stored.includes(PNG_1X1.subarray(0, 8))).toBe(false); // not the plain PNG
    expect(await t.app.storage.get(file!.id, { encrypted: true })).toEqual(PNG_1X1);
  });

  it('stores the e-mail in lower case and trims it', async () => {
    const reg = validRegistration({ correo: `  Ana.${Date.now()}@Example.COM ` });
    expect((await registerPatient(t, reg)).statusCode).toBe(201);
    const [row] = await t.app.db
      .select({ correo: patients.correo })
      .from(patients)
      .where(eq(patients.correo, reg.correo.trim().toLowerCase()));
    expect(row).toBeDefined();
  });
});

describe('mandatory fields', () => {
  for (const field of REQUIRED) {
    it(`refuses a missing ${field}`, async () => {
      const reg: Record<string, string> = validRegistration();
      delete reg[field];
      const body = await expectRefusedWritingNothing(t, () => registerPatient(t, reg), 400, MISSING);
      expect(body.errors?.[field]).toBe(MISSING);
    });

    // Spaces are real characters of a password, so only the other fields are trimmed.
    for (const blank of field.startsWith('password') ? [''] : ['', '   ']) {
      it(`refuses ${field} = ${JSON.stringify(blank)}`, async () => {
        const body = await expectRefusedWritingNothing(
          t,
          () => registerPatient(t, validRegistration({ [field]: blank })),
          400,
          MISSING,
        );
        expect(body.errors?.[field]).toBe(MISSING);
      });
    }
  }

  it('refuses an empty form with the mandatory-fields message and one message per field', async () => {
    const body = await expectRefusedWritingNothing(t, () => registerPatient(t, {}, null), 400, MISSING);
    for (const field of REQUIRED) expect(body.errors?.[field]).toBe(MISSING);
    expect(body.errors?.acuerdo).toBe(TERMS);
  });
});

describe('e-mail', () => {
  for (const correo of ['maria', 'maria@', '@example.com', 'maria@example', 'maria example@x.com', 'maria@@x.com']) {
    it(`refuses ${JSON.stringify(correo)}`, async () => {
      const body = await expectRefusedWritingNothing(
        t,
        () => registerPatient(t, validRegistration({ correo })),
        400,
        BAD_EMAIL,
      );
      expect(body.errors?.correo).toBe(BAD_EMAIL);
    });
  }

  it('refuses an e-mail that already has a verified patient account, whatever its case', async () => {
    const reg = validRegistration();
    expect((await registerPatient(t, reg)).statusCode).toBe(201);
    // Unverified, the address is nobody's yet (issue 18): a second registration is accepted...
    expect((await registerPatient(t, validRegistration({ correo: reg.correo }))).statusCode).toBe(201);
    // ...until one of them is verified (the loser is removed by the verification itself; here
    // the newest is dropped by hand to keep this test about the refusal).
    await t.app.db.delete(patients).where(eq(patients.id, (await newestPatient(reg.correo)).id));
    await markEmailVerified(t, reg.correo);
    await expectRefusedWritingNothing(
      t,
      () => registerPatient(t, validRegistration({ correo: reg.correo })),
      400,
      messages.emailTaken,
    );
    await expectRefusedWritingNothing(
      t,
      () => registerPatient(t, validRegistration({ correo: reg.correo.toUpperCase() })),
      400,
      messages.emailTaken,
    );
  });

  it('accepts two simultaneous unverified registrations of one e-mail, each with its own file (the first verified wins later)', async () => {
    const before = await writtenState(t);
    const correo = `doble.${Date.now()}@example.com`;
    const answers = await Promise.all([
      registerPatient(t, validRegistration({ correo })),
      registerPatient(t, validRegistration({ correo })),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    const after = await writtenState(t);
    expect(after.patients).toBe(before.patients + 2);
    expect(after.files).toBe(before.files + 2);
    expect(after.disk.length).toBe(before.disk.length + 2);
  });
});

describe('phone length per country code', () => {
  it('offers exactly the 20 country codes of the specification', async () => {
    await expectRefusedWritingNothing(
      t,
      () => registerPatient(t, validRegistration({ country_code: '+999', celular: digits(8) })),
      400,
      messages.invalidChoice,
    );
    await expectRefusedWritingNothing(
      t,
      () => registerPatient(t, validRegistration({ country_code: '507', celular: digits(8) })),
      400,
      messages.invalidChoice,
    );
  });

  for (const [country, code, n] of SPEC_PHONE_DIGITS) {
    describe(`${code} (${country}): ${n} digits`, () => {
      it(`accepts ${n} digits, and the nationality ${country}`, async () => {
        const res = await registerPatient(
          t,
          validRegistration({ country_code: code, celular: digits(n), nacionalidad: country }),
        );
        expect(res.statusCode, res.body).toBe(201);
      });

      it('accepts the same number typed with spaces, dashes and brackets', async () => {
        const res = await registerPatient(t, validRegistration({ country_code: code, celular: typed(n) }));
        expect(res.statusCode, res.body).toBe(201);
      });

      for (const wrong of [n - 1, n + 1]) {
        it(`refuses ${wrong} digits`, async () => {
          const body = await expectRefusedWritingNothing(
            t,
            () => registerPatient(t, validRegistration({ country_code: code, celular: digits(wrong) })),
            400,
            BAD_PHONE,
          );
          expect(body.errors?.celular).toBe(BAD_PHONE);
        });
      }

      it(`refuses ${n + 1} digits once the separators are stripped`, async () => {
        await expectRefusedWritingNothing(
          t,
          () => registerPatient(t, validRegistration({ country_code: code, celular: typed(n + 1) })),
          400,
          BAD_PHONE,
        );
      });
    });
  }

  it('does not apply the 8-digit browser pattern of the original to other countries (docs/spec/decisions.md)', async () => {
    await expectRefusedWritingNothing(
      t,
      () => registerPatient(t, validRegistration({ country_code: '+54', celular: digits(8) })),
      400,
      BAD_PHONE,
    );
  });

  it('refuses letters in the number', async () => {
    await expectRefusedWritingNothing(
      t,
      () => registerPatient(t, validRegistration({ country_code: '+507', celular: '6123-456a' })),
      400,
      BAD_PHONE,
    );
  });
});

describe('the other rules', () => {
  it("refuses passwords that differ with 'Las contraseñas no coinciden'", async () => {
    const body = await expectRefusedWritingNothing(
      t,
      () =>
        registerPatient(t, validRegistration({ password: 'secreto-seguro-1', password_confirm: 'secreto-seguro-2' })),
      400,
      PASSWORDS_DIFFER,
    );
    expect(body.errors?.password_confirm).toBe(PASSWORDS_DIFFER);
  });

  for (const acuerdo of [null, 'false', '', 'no']) {
    it(`refuses terms not accepted (acuerdo ${JSON.stringify(acuerdo)})`, async () => {
      const reg: Record<string, string> = validRegistration();
      if (acuerdo === null) delete reg.acuerdo;
      else reg.acuerdo = acuerdo;
      const body = await expectRefusedWritingNothing(t, () => registerPatient(t, reg), 400, TERMS);
      expect(body.errors?.acuerdo).toBe(TERMS);
    });
  }

  for (const edad of ['abc', 'treinta', '31 años', '1e2', '0x1F', '12.5', '-3', '121']) {
    it(`refuses the age ${JSON.stringify(edad)}`, async () => {
      const body = await expectRefusedWritingNothing(
        t,
        () => registerPatient(t, validRegistration({ edad })),
        400,
        messages.invalidAge,
      );
      expect(body.errors?.edad).toBe(messages.invalidAge);
    });
  }

  it('refuses a nationality that is not one of the 20 countries', async () => {
    const body = await expectRefusedWritingNothing(
      t,
      () => registerPatient(t, validRegistration({ nacionalidad: 'Narnia' })),
      400,
      messages.invalidChoice,
    );
    expect(body.errors?.nacionalidad).toBe(messages.invalidChoice);
  });

  it('refuses a gender outside the list', async () => {
    await expectRefusedWritingNothing(
      t,
      () => registerPatient(t, validRegistration({ genero: 'desconocido' })),
      400,
      messages.invalidChoice,
    );
  });
});

describe('the ID-card image', () => {
  it("refuses a registration without image_cedula with 'Por favor, sube la imagen del comprobante.'", async () => {
    const body = await expectRefusedWritingNothing(
      t,
      () => registerPatient(t, validRegistration(), null),
      400,
      NO_IMAGE,
    );
    expect(body.errors?.image_cedula).toBe(NO_IMAGE);
  });

  it('refuses an empty file', async () => {
    await expectRefusedWritingNothing(
      t,
      () =>
        registerPatient(t, validRegistration(), [
          { field: 'image_cedula', filename: 'cedula.png', bytes: Buffer.alloc(0), type: 'image/png' },
        ]),
      400,
      NO_IMAGE,
    );
  });

  it('refuses a file that is not an image, even named .png and sent as image/png', async () => {
    const fakes = [
      Buffer.from('esto no es una imagen'),
      Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ];
    for (const bytes of fakes) {
      await expectRefusedWritingNothing(
        t,
        () =>
          registerPatient(t, validRegistration(), [
            { field: 'image_cedula', filename: 'cedula.png', bytes, type: 'image/png' },
          ]),
        400,
        messages.invalidImage,
      );
    }
  });

  it('refuses a file over 10 MiB with 413', async () => {
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(10 * 1024 * 1024 + 1 - PNG_1X1.length, 0)]);
    await expectRefusedWritingNothing(
      t,
      () =>
        registerPatient(t, validRegistration(), [
          { field: 'image_cedula', filename: 'cedula.png', bytes: big, type: 'image/png' },
        ]),
      413,
      messages.fileTooLarge,
    );
  });

  it('accepts a JPEG and a WebP by their content', async () => {
    // A whole 1x1 JPEG, ending with its EOI marker (a cut file is refused: infra/http/file-content.ts).
    const jpeg = Buffer.from(
      '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxD/2Q==',
      'base64',
    );
    const webp = Buffer.from('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=', 'base64');
    for (const [bytes, mime] of [
      [jpeg, 'image/jpeg'],
      [webp, 'image/webp'],
    ] as const) {
      const reg = validRegistration();
      const res = await registerPatient(t, reg, [{ field: 'image_cedula', filename: 'cedula.bin', bytes }]);
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await t.app.db
        .select({ mime: files.mime })
        .from(patients)
        .innerJoin(files, eq(files.id, patients.image_cedula_file_id))
        .where(eq(patients.correo, reg.correo));
      expect(row?.mime).toBe(mime);
    }
  });

  it('keeps nothing on disk for refused registrations', async () => {
    // A registration refused after the upload was read (the e-mail is taken) leaves no file behind.
    const reg = validRegistration();
    expect((await registerPatient(t, reg)).statusCode).toBe(201);
    await markEmailVerified(t, reg.correo);
    const disk = await storedFiles(t);
    expect((await registerPatient(t, validRegistration({ correo: reg.correo }))).statusCode).toBe(400);
    expect(await storedFiles(t)).toEqual(disk);
  });
});
