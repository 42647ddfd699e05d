import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  DOCUMENT_TITLES,
  VERIFICATION_ALPHABET,
  VERIFICATION_PAGE,
  messages,
  normaliseCedula,
  normaliseVerificationCode,
  panamaClock,
  type DoctorDocument,
  type DocumentFields,
  type DocumentListItem,
  type DocumentType,
  type PatientDocument,
  type LinkCandidate,
  type LinkDocumentInput,
  type PatientLookup,
  type PatientSuggestion,
  type PrescriptionLine,
  type UnlinkedDocument,
} from '@clinica/shared';
import { AppError, badRequest, notFound } from '../../infra/http/errors.js';
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

const GENDER_TO_SEX: Record<string, string> = { masculino: 'Hombre', femenino: 'Mujer' };

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

  const listItem = (r: {
    id: string;
    tipo: DocumentType;
    nombre_pdf: string;
    created_at: Date;
    codigo: string;
    file_id: string | null;
  }): DocumentListItem => ({
    id: r.id,
    tipo: r.tipo,
    nombre_pdf: r.nombre_pdf,
    created_at: r.created_at.toISOString(),
    codigo: r.codigo,
    disponible: r.file_id !== null,
  });

  return {
    /** The doctor's registration data and whether a signature is on file. */
    async getProfile(doctor: SessionAccount) {
      const p = await repo.findProfile(doctor.accountId);
      return {
        nombre: doctor.nombre,
        apellido: doctor.apellido,
        regNumber: p?.reg_number ?? '',
        doctorCode: p?.doctor_code ?? '',
        hasSignature: p !== undefined,
      };
    },

    /** The doctor's stored signature (grey PNG), or 404. */
    async getSignature(doctor: SessionAccount) {
      const p = await repo.findProfile(doctor.accountId);
      if (!p) throw notFound();
      return loadSignature(p.signature_file_id);
    },

    /** Saves the registration data and, when given, a newly drawn signature (checked PNG). */
    async saveProfile(doctor: SessionAccount, data: { regNumber: string; doctorCode: string }, signature?: Buffer) {
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
        result = await repo.saveProfile(doctor.accountId, { reg_number: data.regNumber, doctor_code: data.doctorCode }, file);
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
      const found: PatientLookup | null =
        p && p.mine
          ? {
              id: p.id,
              correo: p.correo,
              nombre: p.nombre,
              apellido: p.apellido,
              cedula: p.cedula,
              edad: String(p.edad),
              genero: GENDER_TO_SEX[p.genero] ?? '',
              direccion: p.direccion,
              country_code: p.country_code,
              celular: p.celular,
            }
          : null;
      return { found, patientId: p?.id ?? null };
    },

    /** The doctor's own patients matching a name or cédula, for the form's search box. */
    async searchPatients(doctor: SessionAccount, q: string): Promise<PatientSuggestion[]> {
      return repo.searchPatientsOf(doctor.accountId, q);
    },

    /**
     * Renders the document, stores it encrypted with its SHA-256 and returns it. `origin` is
     * where the verification page is (the QR code points there).
     */
    async generate(
      doctor: SessionAccount,
      tipo: DocumentType,
      data: Record<string, string | readonly PrescriptionLine[]>,
      origin: string,
      pacienteId?: string,
    ) {
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
      const profile = await repo.findProfile(doctor.accountId);
      if (!profile) throw badRequest(messages.documentProfileRequired, { doctorSignature: messages.documentProfileRequired });

      // The account the document is for: one of this doctor's patients, whose own address is the
      // one printed (correoPaciente is filled from the account, whatever the browser sent).
      let patient: { id: string; correo: string } | null = null;
      if (pacienteId) {
        const p = await repo.findPatientFor(doctor.accountId, { id: pacienteId });
        if (!p?.mine) throw new NotYourPatient(p?.id ?? null);
        patient = { id: p.id, correo: p.correo };
        fields = { ...fields, correoPaciente: p.correo };
      }

      const issuedAt = now();
      const codigo = newVerificationCode();
      const patientName = fields.patientName ?? fields.Paciente ?? '';
      const nombre_pdf = `${[tipo, slug(patientName), panamaClock(issuedAt).date].filter(Boolean).join('-')}.pdf`;

      let pdf: Buffer;
      try {
        pdf = await renderDocument(deps.pdf, {
          tipo,
          fields,
          doctor: {
            nombre: doctor.nombre,
            apellido: doctor.apellido,
            regNumber: profile.reg_number,
            doctorCode: profile.doctor_code,
          },
          signature: await loadSignature(profile.signature_file_id),
          lines,
          diagnosis,
          codigo,
          verifyUrl: `${origin}${VERIFICATION_PAGE}?codigo=${codigo}`,
          issuedAt,
          clinic: deps.clinic,
        });
        // The stored bytes, their hash (the upload check) and the download are the signed file.
        pdf = await deps.signer.sign(pdf, {
          signingTime: new Date(issuedAt),
          reason: `${DOCUMENT_TITLES[tipo]} ${codigo}`,
          location: deps.clinic.city,
        });
      } catch (err) {
        deps.log.error({ err, tipo }, 'PDF rendering failed');
        throw new AppError(500, messages.pdfFailed);
      }

      const file = {
        id: crypto.randomUUID(),
        kind: 'medical_document',
        mime: 'application/pdf',
        size: pdf.length,
        sha256: sha256(pdf, 'hex'),
        nombre: nombre_pdf,
        encrypted: true,
      };
      let stored: { id: string };
      try {
        await storage.put(file.id, pdf, { encrypt: true });
        stored = await repo.insertDocument(
          {
            tipo,
            codigo,
            staff_id: doctor.accountId,
            correo_paciente: (fields.correoPaciente ?? '').toLowerCase(),
            patient_id: patient?.id ?? null,
            nombre_paciente: patientName.slice(0, 200),
            cedula_paciente: cedulaOf(fields).slice(0, 30),
            nombre_pdf,
            created_at: new Date(issuedAt),
          },
          file,
        );
      } catch (err) {
        deps.log.error({ err, tipo }, 'document not stored');
        await storage.delete(file.id).catch(() => undefined);
        throw new AppError(500, messages.pdfFailed);
      }
      // Only an account's own address hears of it; a walk-in's typed address is nobody's area yet.
      if (patient) await deps.notify.documentAvailable({ patientEmail: patient.correo });
      return { pdf, filename: nombre_pdf, codigo, sha256: file.sha256, documentId: stored.id, patient };
    },

    /** The documents of one type this doctor generated, newest first. */
    async listForDoctor(doctor: SessionAccount, tipo: DocumentType): Promise<DoctorDocument[]> {
      const rows = await repo.listByDoctor(doctor.accountId, tipo);
      return rows.map((r) => ({ ...listItem(r), correoPaciente: r.correo_paciente }));
    },

    /** One of this doctor's own documents; anybody else's is 404. */
    async downloadForDoctor(doctor: SessionAccount, tipo: DocumentType, id: string) {
      return readPdf(await repo.findForDoctor(id, doctor.accountId, tipo));
    },

    /** The documents bound to this patient's account. */
    async listForPatient(patient: SessionAccount): Promise<PatientDocument[]> {
      const rows = await repo.listByPatient(patient.accountId);
      return rows.map((r) => ({
        ...listItem(r),
        titulo: DOCUMENT_TITLES[r.tipo],
        doctor: `${r.doctor_nombre} ${r.doctor_apellido}`,
      }));
    },

    /** One of this patient's documents; anybody else's is 404. */
    async downloadForPatient(patient: SessionAccount, id: string) {
      return readPdf(await repo.findForPatient(id, patient.accountId));
    },

    /** The documents bound to no account, for the administrators to link. */
    async listUnlinked(): Promise<UnlinkedDocument[]> {
      const rows = await repo.listUnlinked();
      return rows.map((r) => ({
        id: r.id,
        tipo: r.tipo,
        titulo: DOCUMENT_TITLES[r.tipo],
        nombre_pdf: r.nombre_pdf,
        codigo: r.codigo,
        created_at: r.created_at.toISOString(),
        doctor: `${r.doctor_nombre} ${r.doctor_apellido}`,
        nombre_paciente: r.nombre_paciente,
        cedula_paciente: r.cedula_paciente,
        correoPaciente: r.correo_paciente,
      }));
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
      return {
        emitido: true as const,
        codigo: row.codigo,
        tipo: row.tipo,
        titulo: DOCUMENT_TITLES[row.tipo],
        doctor: `${row.doctor_nombre} ${row.doctor_apellido}`,
        fecha: row.created_at.toISOString(),
      };
    },

    /** Public: does this file have the SHA-256 of the document issued with this code? */
    async compare(input: string, bytes: Buffer) {
      const codigo = normaliseVerificationCode(input);
      const row = codigo ? await repo.findByCode(codigo) : undefined;
      if (!row) throw new AppError(404, messages.documentNotIssued);
      const coincide = row.sha256 !== null && crypto.timingSafeEqual(Buffer.from(sha256(bytes, 'hex')), Buffer.from(row.sha256));
      return { coincide, message: coincide ? messages.documentFileMatches : messages.documentFileDiffers };
    },
  };
}
export type DocumentsService = ReturnType<typeof documentsService>;
