import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  DOCUMENT_TITLES,
  VERIFICATION_ALPHABET,
  VERIFICATION_PAGE,
  documentDateIssues,
  doctorNoun,
  doctorSignedName,
  messages,
  normaliseCedula,
  normaliseVerificationCode,
  panamaClock,
  type DocumentFields,
  type DocumentType,
  type LinkCandidate,
  type LinkDocumentInput,
  type PatientSuggestion,
  type PrescriptionLine,
} from '@clinica/shared';
import { AppError, badRequest, notFound } from '../../infra/http/errors.js';
import { decodeCursor, toPage } from '../../infra/http/keyset.js';
import type { PdfRenderer } from '../../infra/pdf.js';
import type { SessionAccount } from '../auth/index.js';
import type { Storage } from '../../infra/storage.js';
import type { DocumentsRepository } from './documents.repository.js';
import { renderDocument } from './documents.pdf.js';
import { normaliseSignature } from './signature.js';
import type { DocumentSigner } from './documents.digital-signature.js';
import type { Letterhead } from './documents.letterhead.js';
import { cie10Title } from './documents.cie10.js';
import { sha256 } from '../../infra/token.js';

import type { Notifier } from '../mail/index.js';
import type { DoctorProfileService } from '../doctor-profile/index.js';
import type { DocumentAnnulment } from './documents.annul.js';

export interface DocumentsDeps {
  repo: DocumentsRepository;
  storage: Storage;
  pdf: PdfRenderer;
  now: () => number;
  clinic: Letterhead;
  /** The clinic's digital signature, applied to every issued PDF before its hash is kept. */
  signer: DocumentSigner;
  log: FastifyBaseLogger;
  notify: Pick<Notifier, 'documentAvailable'>;
  /** The doctor's identity as printed (issue 22): read from the account, never from the form. */
  doctorProfiles: DoctorProfileService;
  annulment: DocumentAnnulment;
}

/** A fresh verification code, XXXX-XXXX-XXXX: 12 characters of 31, about 59 random bits. */
export function newVerificationCode() {
  const bytes = crypto.randomBytes(12);
  let raw = '';
  // 248 = 8 * 31: bytes at or above it are redrawn, so every character is equally likely.
  for (let i = 0; raw.length < 12; i++) {
    const b = i < bytes.length ? bytes[i]! : crypto.randomBytes(1)[0]!;
    if (b < 248) raw += VERIFICATION_ALPHABET[b % 31];
  }
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
}

/** 'María José Núñez' -> 'maria-jose-nunez': ASCII only, safe in a Content-Disposition header. */
export function slug(text: string, max = 50) {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
}

/**
 * Thrown when a document is issued to, or a form filled for, somebody who is not the doctor's
 * patient: the route audits it with that patient's id and answers exactly as for an unknown person.
 */
export class NotYourPatient extends AppError {
  constructor(readonly patientId: string | null) {
    super(404, messages.patientNotYours);
  }
}

/** The cédula the form carried (exam request and prescription: CIP; history and referral: Cedula). */
const cedulaOf = (fields: DocumentFields) => {
  const f = fields as Partial<Record<'CIP' | 'Cedula', string>>;
  return (f.CIP || f.Cedula || '').trim();
};


// Signatures are immutable per file id (a new drawing is a new file), so they can be cached.
const SIGNATURE_CACHE_LIMIT = 500;

/** Rules of the doctors' medical documents: generation, listing, downloads and verification. */
export function documentsService(deps: DocumentsDeps) {
  const { repo, storage, now } = deps;
  const signatures = new Map<string, Buffer>();

  const loadSignature = async (fileId: string) => {
    const cached = signatures.get(fileId);
    if (cached) return cached;
    const bytes = await storage.get(fileId, { encrypted: true });
    if (signatures.size >= SIGNATURE_CACHE_LIMIT) signatures.delete(signatures.keys().next().value!);
    signatures.set(fileId, bytes);
    return bytes;
  };

  const readPdf = async (row: { nombre_pdf: string; file_id: string | null; encrypted: boolean | null } | undefined) => {
    if (!row?.file_id) throw notFound();
    try {
      return { filename: row.nombre_pdf, pdf: await storage.get(row.file_id, { encrypted: row.encrypted ?? true }) };
    } catch (err) {
      deps.log.error({ err, fileId: row.file_id }, 'stored document unreadable');
      throw notFound();
    }
  };

  return {
    /** The doctor's identity from their profile (shown read-only on the forms) and whether a signature is on file. */
    async getProfile(doctor: SessionAccount) {
      const { id: _id, ...profile } = await deps.doctorProfiles.get(doctor.accountId);
      return profile;
    },

    /** The doctor's stored signature (grey PNG), or 404. */
    async getSignature(doctor: SessionAccount) {
      const p = await repo.findProfile(doctor.accountId);
      if (!p) throw notFound();
      return loadSignature(p.signature_file_id);
    },

    /** Saves a newly drawn signature (checked PNG); the registration data lives in the doctor's profile. */
    async saveProfile(doctor: SessionAccount, signature?: Buffer) {
      let file;
      if (signature) {
        const png = await normaliseSignature(signature);
        file = {
          id: crypto.randomUUID(),
          kind: 'doctor_signature',
          mime: 'image/png',
          size: png.length,
          sha256: sha256(png, 'hex'),
          nombre: 'firma.png',
          encrypted: true,
        };
        await storage.put(file.id, png, { encrypt: true });
      }
      let result;
      try {
        result = await repo.saveProfile(doctor.accountId, file);
      } catch (err) {
        if (file) await storage.delete(file.id);
        throw err;
      }
      if (!result.saved) throw new AppError(400, messages.signatureRequired, { firma: messages.signatureRequired });
      if (result.replaced) {
        signatures.delete(result.replaced);
        await storage.delete(result.replaced).catch((err: unknown) => deps.log.warn({ err }, 'old signature not deleted'));
      }
    },

    /**
     * What the clinic knows of one of this doctor's patients. `patientId` names the account that
     * was asked about even when the answer is "not found" (the audit row, and the patient's own
     * access history, must show it); `found` is null alike for an unknown person and for somebody
     * else's patient, so the caller answers both the same way.
     */
    async findPatient(doctor: SessionAccount, by: { id: string } | { correo: string }) {
      const p = await repo.findPatientFor(doctor.accountId, 'correo' in by ? { correo: by.correo.toLowerCase() } : by);
      // The latest consultation with this doctor, offered to fill the form (issue 22); read only
      // for the doctor's own patient, within the same audited lookup.
      const c = p?.mine ? await repo.latestConsultation(p.id, doctor.accountId) : undefined;
      return { patient: p?.mine ? p : null, consultation: c ?? null, patientId: p?.id ?? null };
    },

    /** The doctor's own patients matching a name or cédula, for the form's search box. */
    async searchPatients(doctor: SessionAccount, q: string): Promise<PatientSuggestion[]> {
      return repo.searchPatientsOf(doctor.accountId, q);
    },

    /**
     * Renders the document, stores it encrypted with its SHA-256 and returns it. `origin` is
     * where the verification page is (the QR code points there). The doctor's identity comes from
     * the account's profile and the patient's from their account; what the form says of either is
     * ignored (issue 22). `reemplazaId` names the annulled document this one replaces.
     */
    async generate(
      doctor: SessionAccount,
      tipo: DocumentType,
      data: Record<string, string | readonly PrescriptionLine[]>,
      origin: string,
      pacienteId?: string,
      reemplazaId?: string,
    ) {
      // Who may issue at all (approved, complete profile, saved signature) before anything else.
      const profile = await deps.doctorProfiles.forIssuing(doctor.accountId);
      const issuedAt = now();
      // The prescription's medication lines travel apart from the text fields.
      const lines = tipo === 'recetario' && Array.isArray(data.Medicamentos) ? (data.Medicamentos as readonly PrescriptionLine[]) : undefined;
      let fields: DocumentFields = Object.fromEntries(Object.entries(data).filter((e): e is [string, string] => typeof e[1] === 'string'));
      // A CIE-10 code must be one of the list the clinic ships; its title is printed from there.
      let diagnosis: { code: string; title: string } | undefined;
      if (fields.CIE10) {
        const title = cie10Title(fields.CIE10);
        if (!title) throw badRequest(messages.unknownCie10Code, { CIE10: messages.unknownCie10Code });
        diagnosis = { code: fields.CIE10, title };
      }

      // The rules that need today's date (the schema checked the rest).
      const issues = documentDateIssues(tipo, fields, panamaClock(issuedAt).date);
      if (issues.length > 0) throw badRequest(issues[0]!.message, Object.fromEntries(issues.map((i) => [i.path, i.message])));

      // The account the document is for: one of this doctor's patients, whose own address, cédula
      // and age are the ones kept and printed, whatever the browser sent.
      let patient: { id: string; correo: string } | null = null;
      let identity = { cedula: cedulaOf(fields), edad: fields.Edad ?? '' };
      if (pacienteId) {
        const p = await repo.findPatientFor(doctor.accountId, { id: pacienteId });
        if (!p?.mine) throw new NotYourPatient(p?.id ?? null);
        patient = { id: p.id, correo: p.correo };
        identity = { cedula: p.cedula, edad: String(p.edad) };
        fields = { ...fields, correoPaciente: p.correo };
        for (const name of ['CIP', 'Cedula'] as const) if (name in fields) fields[name] = p.cedula;
        if ('Edad' in fields) fields.Edad = String(p.edad);
      }
      if (reemplazaId) await deps.annulment.checkReplaceable(reemplazaId, doctor.accountId, tipo, patient?.id ?? null);

      // Who signs is the account's profile: the specification's doctorName/regNumber (and the
      // referral's Medico/Reg) are overwritten, so a forged name never reaches the PDF.
      const signedName = doctorSignedName(profile);
      for (const [name, value] of [
        ['doctorName', signedName],
        ['Medico', signedName],
        ['regNumber', profile.regNumber],
        ['Reg', profile.regNumber],
        ['doctorCode', profile.doctorCode],
      ] as const) {
        if (name in fields || name === 'doctorCode') fields = { ...fields, [name]: value };
      }

      const codigo = newVerificationCode();
      const patientName = fields.patientName ?? fields.Paciente ?? '';
      const nombre_pdf = `${[tipo, slug(patientName), panamaClock(issuedAt).date].filter(Boolean).join('-')}.pdf`;
      const signature = await loadSignature(profile.signatureFileId);
      const year = Number(panamaClock(issuedAt).date.slice(0, 4));

      let pdf: Buffer | undefined;
      let file: { id: string; kind: string; mime: string; size: number; sha256: string; nombre: string; encrypted: boolean } | undefined;
      let stored: { id: string; numero: string };
      try {
        stored = await repo.insertNumbered(tipo, year, async (numero) => {
          try {
            pdf = await renderDocument(deps.pdf, {
              tipo,
              fields,
              numero,
              doctor: {
                nombre: doctor.nombre,
                apellido: doctor.apellido,
                signedName,
                noun: doctorNoun(profile.sexo),
                especialidad: profile.especialidad,
                regNumber: profile.regNumber,
                doctorCode: profile.doctorCode,
              },
              patient: identity,
              signature,
              lines,
              diagnosis,
              codigo,
              verifyUrl: `${origin}${VERIFICATION_PAGE}?codigo=${codigo}`,
              issuedAt,
              clinic: deps.clinic,
            });
          } catch (err) {
            deps.log.error({ err, tipo }, 'PDF rendering failed');
            throw new AppError(500, messages.pdfFailed);
          }
          // Signed after numbering (the number is in the signed bytes); the stored bytes, their
          // hash (the upload check) and the download are the signed file (decision 0042).
          pdf = await deps.signer.sign(pdf, {
            signingTime: new Date(issuedAt),
            reason: `${DOCUMENT_TITLES[tipo]} N.º ${numero} (${codigo})`,
            location: deps.clinic.city,
          });
          file = {
            id: crypto.randomUUID(),
            kind: 'medical_document',
            mime: 'application/pdf',
            size: pdf.length,
            sha256: sha256(pdf, 'hex'),
            nombre: nombre_pdf,
            encrypted: true,
          };
          return {
            file,
            document: {
              tipo,
              codigo,
              staff_id: doctor.accountId,
              correo_paciente: (fields.correoPaciente ?? '').toLowerCase(),
              patient_id: patient?.id ?? null,
              nombre_paciente: patientName.slice(0, 200),
              cedula_paciente: identity.cedula.slice(0, 30),
              nombre_pdf,
              created_at: new Date(issuedAt),
              reemplaza_id: reemplazaId ?? null,
            },
          };
        });
      } catch (err) {
        if (err instanceof AppError) throw err;
        // A replacement raced with another one for the same annulled document (unique index).
        if (reemplazaId && /documents_reemplaza_key/.test(String((err as { cause?: unknown }).cause ?? err))) {
          throw badRequest(messages.documentAlreadyReplaced);
        }
        deps.log.error({ err, tipo }, 'document not stored');
        throw new AppError(500, messages.pdfFailed);
      }
      // The bytes are written once the number is committed (writing them inside the transaction
      // could wait on the database it holds, with the files in PostgreSQL on PGlite). Should the
      // write fail, the numbered document is annulled, so the number stays accounted for.
      try {
        await storage.put(file!.id, pdf!, { encrypt: true });
      } catch (err) {
        deps.log.error({ err, tipo }, 'document bytes not stored');
        await deps.annulment
          .annul({ id: stored.id }, { staffId: doctor.accountId, asDoctor: true }, 'El archivo no pudo guardarse; se emitió de nuevo.')
          .catch(() => undefined);
        throw new AppError(500, messages.pdfFailed);
      }
      // Only an account's own address hears of it; a walk-in's typed address is nobody's area yet.
      if (patient) await deps.notify.documentAvailable({ patientEmail: patient.correo });
      return { pdf: pdf!, filename: nombre_pdf, codigo, numero: stored.numero, sha256: file!.sha256, documentId: stored.id, patient };
    },

    /** The issuing doctor annuls one of their documents, with a reason (anybody else's is 404). */
    async annulForDoctor(doctor: SessionAccount, tipo: DocumentType, id: string, motivo: string) {
      return deps.annulment.annul({ id, tipo }, { staffId: doctor.accountId, asDoctor: true }, motivo);
    },

    /** An administrator annuls any document, found by the verification code printed on it. */
    async annulForAdmin(admin: SessionAccount, codigo: string, motivo: string) {
      const normalised = normaliseVerificationCode(codigo);
      if (!normalised) throw new AppError(404, messages.documentNotIssued);
      return deps.annulment.annul({ codigo: normalised }, { staffId: admin.accountId, asDoctor: false }, motivo);
    },

    /** The documents of one type this doctor generated, newest first. */
    listForDoctor: (doctor: SessionAccount, tipo: DocumentType) => repo.listByDoctor(doctor.accountId, tipo),

    /** One of this doctor's own documents; anybody else's is 404. */
    async downloadForDoctor(doctor: SessionAccount, tipo: DocumentType, id: string) {
      return readPdf(await repo.findForDoctor(id, doctor.accountId, tipo));
    },

    /** The documents bound to this patient's account. */
    listForPatient: (patient: SessionAccount) => repo.listByPatient(patient.accountId),

    /** One of this patient's documents; anybody else's is 404. */
    async downloadForPatient(patient: SessionAccount, id: string) {
      return readPdf(await repo.findForPatient(id, patient.accountId));
    },

    /** The documents bound to no account, for the administrators to link. */
    async listUnlinked(q: { nombre?: string | undefined; cursor?: string | undefined; limit: number }) {
      const rows = await repo.listUnlinked({ nombre: q.nombre || undefined, after: decodeCursor(q.cursor), limit: q.limit + 1 });
      return toPage(rows, q.limit, (r) => r);
    },

    /**
     * The accounts holding the cédula the administrator checked, for an unlinked document. A
     * cédula that contradicts the one on the document is refused before any account is shown.
     */
    async linkCandidates(id: string, cedula: string): Promise<LinkCandidate[]> {
      const doc = await repo.findUnlinked(id);
      if (!doc) throw new AppError(404, messages.documentAlreadyLinked);
      const key = normaliseCedula(cedula);
      if (doc.cedula_paciente && normaliseCedula(doc.cedula_paciente) !== key) {
        throw badRequest(messages.cedulaDoesNotMatchDocument, { cedula: messages.cedulaDoesNotMatchDocument });
      }
      const found = await repo.patientsWithCedula(key);
      if (found.length === 0) throw new AppError(404, messages.noPatientWithCedula, { cedula: messages.noPatientWithCedula });
      return found;
    },

    /**
     * Binds an unlinked document to the chosen account: its cédula must be the one the
     * administrator checked, and the document's own cédula (when the form had one) too.
     */
    async link(id: string, input: LinkDocumentInput) {
      const doc = await repo.findUnlinked(id);
      if (!doc) throw new AppError(404, messages.documentAlreadyLinked);
      const key = normaliseCedula(input.cedula);
      if (doc.cedula_paciente && normaliseCedula(doc.cedula_paciente) !== key) {
        throw badRequest(messages.cedulaDoesNotMatchDocument, { cedula: messages.cedulaDoesNotMatchDocument });
      }
      const patient = await repo.findPatient(input.pacienteId);
      if (!patient) throw new AppError(404, messages.noPatientWithCedula, { cedula: messages.noPatientWithCedula });
      if (normaliseCedula(patient.cedula) !== key) {
        throw badRequest(messages.cedulaDoesNotMatchPatient, { cedula: messages.cedulaDoesNotMatchPatient });
      }
      if (!(await repo.link(id, patient.id))) throw new AppError(404, messages.documentAlreadyLinked);
      return patient;
    },

    /** Public: was a document with this code issued, of which kind, by whom, when. Nothing else. */
    async verify(input: string) {
      const codigo = normaliseVerificationCode(input);
      const row = codigo ? await repo.findByCode(codigo) : undefined;
      if (!row) throw new AppError(404, messages.documentNotIssued);
      return row;
    },

    /** Public: does this file have the SHA-256 of the document issued with this code? */
    async compare(input: string, bytes: Buffer) {
      const codigo = normaliseVerificationCode(input);
      const row = codigo ? await repo.findByCode(codigo) : undefined;
      if (!row) throw new AppError(404, messages.documentNotIssued);
      const coincide = row.sha256 !== null && crypto.timingSafeEqual(Buffer.from(sha256(bytes, 'hex')), Buffer.from(row.sha256));
      return coincide;
    },
  };
}
export type DocumentsService = ReturnType<typeof documentsService>;
