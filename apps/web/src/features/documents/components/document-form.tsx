import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Control as FormControl, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod/mini';
import { Link } from '../../../lib/router.js';
import {
  COUNTRIES,
  DEFAULT_COUNTRY_CODE,
  DOCUMENT_PAGES,
  DOCUMENT_FIELDS,
  REQUIRED_FIELDS,
  asksFontanelles,
  bodyMassIndex,
  documentDateBounds,
  documentDateIssues,
  formatDate,
  documentSchemas,
  doctorSignedName,
  emptyPrescriptionLine,
  panamaClock,
  type DoctorDocumentProfile,
  type DocumentField,
  type DocumentFields,
  type DocumentType,
  type PatientLookup,
  type PrescriptionLineInput,
} from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { DateField, useDateIssues } from '../../../components/ui/date-field.js';
import { Field, type ControlProps } from '../../../components/ui/field.js';
import { rich } from '../../../components/ui/rich-text.js';
import { ApiError } from '../../../lib/api-client.js';
import { useCountryName } from '../../../lib/country-names.js';
import { translateMessage, useLanguage, useMessages, useTranslation, type TFunction } from '../../../lib/i18n.js';
import { useGenerateDocument } from '../api/generate-document.js';
import { findPatient } from '../api/find-patient.js';
import { saveFile } from '../api/pdf-request.js';
import { Cie10Picker } from './cie10-picker.js';
import { keyOf } from './labels.js';
import { PatientPicker } from './patient-picker.js';
import { PrescriptionLines, type LinesForm } from './prescription-lines.js';

/** Text fields by the specification's names; the prescription's `Medicamentos` is a list of lines. */
type FormValues = Record<string, string | PrescriptionLineInput[]>;

const MAX_LENGTH: Partial<Record<DocumentField['kind'], number>> = { text: 150, phone: 30, age: 3, number: 4 };

/** Today's date in Panama, YYYY-MM-DD (the date rules are checked against it, as the server does). */
const todayInPanama = () => panamaClock(Date.now()).date;

/** Today's values for the date parts of a form, Panama time. */
function todayDefaults(): FormValues {
  const { date, hour, minute } = panamaClock(Date.now());
  const [ano = '', mes = '', dia = ''] = date.split('-');
  return {
    date,
    Fecha: date,
    Hora: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
    dia_inicio: String(Number(dia)),
    mes_inicio: String(Number(mes)),
    ano_inicio: ano,
    ano_final: ano,
  };
}

/**
 * The doctor's fields of the specification: shown read-only from the doctor's profile; the server
 * ignores what is sent and prints the profile (issue 22, decision 0041).
 */
const DOCTOR_FIELDS = new Set(['doctorName', 'Medico', 'regNumber', 'Reg', 'doctorCode']);

/** Empty fields, then what the clinic already knows: today, the doctor's name and registration. */
function defaultsFor(tipo: DocumentType, profile: DoctorDocumentProfile | undefined): FormValues {
  const doctor = profile?.completo ? doctorSignedName(profile) : '';
  const known: FormValues = {
    ...todayDefaults(),
    country_code: DEFAULT_COUNTRY_CODE,
    doctorName: doctor,
    Medico: doctor,
    regNumber: profile?.regNumber ?? '',
    Reg: profile?.regNumber ?? '',
    doctorCode: profile?.doctorCode ?? '',
  };
  const values: FormValues = Object.fromEntries(DOCUMENT_FIELDS[tipo].filter((f) => f.kind !== 'lines').map((f) => [f.name, known[f.name] ?? '']));
  if (tipo === 'recetario') values.Medicamentos = [emptyPrescriptionLine()];
  return values;
}

/** The shown text of a select's option: months and the shared Spanish choices in the current language. */
function optionLabel(field: DocumentField, value: string, i: number, t: TFunction) {
  const label = field.optionLabels?.[i];
  if (label) return t(`months.${label}`);
  return /^\d+$/.test(value) ? value : t(`options.${keyOf(value)}`);
}

/** One input of the form, by the kind of field. */
function Control({
  field,
  control,
  register,
  emails,
  t,
  countryName,
  readOnly,
}: {
  field: DocumentField;
  control: ControlProps;
  register: UseFormRegister<FormValues>;
  emails: string;
  t: TFunction;
  countryName: ReturnType<typeof useCountryName>;
  readOnly: boolean;
}) {
  const props = { ...control, ...register(field.name), ...(readOnly ? { readOnly: true } : {}) };
  switch (field.kind) {
    // Drawn by the form itself (a search box, a list of lines), never through this switch.
    case 'cie10':
    case 'lines':
      return null;
    case 'email':
      return <input {...props} type="email" autoComplete="off" list={emails} maxLength={254} />;
    case 'textarea':
      return <textarea {...props} rows={3} maxLength={4000} />;
    // Drawn by the form with the shared DateField (typed dd/mm/aaaa), never through this switch.
    case 'date':
      return null;
    case 'time':
      return <input {...props} type="time" />;
    case 'age':
      return <input {...props} type="number" inputMode="numeric" min={0} max={120} />;
    case 'number':
      return <input {...props} type="number" inputMode="numeric" min={field.name.startsWith('ano') ? 1900 : 1} />;
    case 'phone':
      return <input {...props} type="tel" autoComplete="off" maxLength={MAX_LENGTH.phone} />;
    case 'country':
      return (
        <select {...props}>
          {COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {countryName(c.name)} ({c.code})
            </option>
          ))}
        </select>
      );
    case 'select':
      return (
        <select {...props}>
          <option value="">{t('form.select')}</option>
          {(field.options ?? []).map((o, i) => (
            <option key={o} value={o}>
              {optionLabel(field, o, i, t)}
            </option>
          ))}
        </select>
      );
    case 'text':
      return <input {...props} type="text" autoComplete="off" maxLength={MAX_LENGTH.text} />;
  }
}

/** Computed from other fields (the referral's T2 and IMC, from weight and height): shown, not typed. */
const COMPUTED = new Set(['T2', 'IMC']);

interface DocumentFormProps {
  tipo: DocumentType;
  profile: DoctorDocumentProfile | undefined;
  /** When the signature image last changed, to show the current one. */
  signatureVersion: number;
  /** E-mails of this doctor's earlier documents, offered in the patient's e-mail field. */
  knownEmails: string[];
  /** The annulled document this one replaces ('Reemplazar' in the table), and its patient. */
  replacing?: { id: string; numero: string; pacienteId?: string | undefined } | undefined;
}

/**
 * One of the six document forms: every field of the specification, the patient picked among the
 * doctor's own patients and filled in from their account (correoPaciente then comes from the
 * account and cannot be edited; without a pick the document is a walk-in's, bound to nobody), the doctor's saved signature, and 'Generar PDF',
 * which downloads the PDF the server made ('Error generating PDF.' when it could not).
 */
export function DocumentForm({ tipo, profile, signatureVersion, knownEmails, replacing }: DocumentFormProps) {
  const { t } = useTranslation('documents');
  const messages = useMessages();
  const countryName = useCountryName();
  const fields = DOCUMENT_FIELDS[tipo];
  const required = useMemo(() => new Set(REQUIRED_FIELDS[tipo]), [tipo]);
  const schema = documentSchemas[tipo] as unknown as z.ZodMiniType<DocumentFields, FormValues>;
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    control,
    formState: { errors },
  } = useForm<FormValues, unknown, DocumentFields>({ resolver: zodResolver(schema), defaultValues: defaultsFor(tipo, profile) });
  const generate = useGenerateDocument();
  const [summary, setSummary] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [patient, setPatient] = useState<PatientLookup | null>(null);
  const emailsId = useId();
  const language = useLanguage();
  // Typed dates that cannot be taken (not dd/mm/aaaa, no such day, out of the document's bounds).
  const dateIssues = useDateIssues();

  // Referral: the SSN only when the patient has Seguro Social; the fontanelles only under two
  // years; T2 (height²) and IMC from weight and height (metres), as the server computes them.
  const referral = tipo === 'referencia-medica';
  const [validacionSsn, peso, talla, edad, cie10] = useWatch({ control, name: ['ValidacionSSN', 'Peso', 'Talla', 'Edad', 'CIE10'] }) as (string | undefined)[];
  const hasSsn = !referral || validacionSsn === 'Si';
  const hasFontanelles = !referral || asksFontanelles(edad ?? '');
  const [cie10Title, setCie10Title] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!referral || peso === undefined || talla === undefined) return;
    const bmi = bodyMassIndex(peso, talla);
    setValue('T2', bmi?.t2 ?? '');
    setValue('IMC', bmi?.imc ?? '');
  }, [referral, peso, talla, setValue]);

  /** The picked patient's account fills what it knows; correoPaciente is the account's own address. */
  const fillFromAccount = (p: PatientLookup) => {
    setPatient(p);
    const name = `${p.nombre} ${p.apellido}`;
    const known: FormValues = {
      correoPaciente: p.correo,
      patientName: name,
      Paciente: name,
      Edad: p.edad,
      Sexo: p.genero,
      Genero: p.genero,
      CIP: p.cedula,
      Cedula: p.cedula,
      Direccion: p.direccion,
      country_code: p.country_code,
      Celular: p.celular,
    };
    for (const f of fields) {
      const value = known[f.name];
      if (value) setValue(f.name, value, { shouldDirty: true, shouldValidate: Boolean(errors[f.name]) });
    }
  };
  // 'Completar datos' (issue 22): the latest consultation's history and vital signs fill the
  // fields this form has that are still empty; what the doctor typed is kept.
  const [consultationFilled, setConsultationFilled] = useState(false);
  const fillFromConsultation = () => {
    const c = patient?.consulta;
    if (!c) return;
    const known: FormValues = {
      Subjetivo: c.sintomas,
      APP: c.antecedentesPersonales,
      AHF: c.antecedentesFamiliares,
      AQX: c.antecedentesQuirurgicos,
      Alergias: c.alergias,
      Peso: c.peso,
      Talla: c.talla,
      TA: c.presionArterial,
      FC: c.frecuenciaCardiaca,
      FR: c.frecuenciaRespiratoria,
    };
    for (const f of fields) {
      const value = known[f.name];
      if (value && !getValues(f.name)) setValue(f.name, value, { shouldDirty: true, shouldValidate: Boolean(errors[f.name]) });
    }
    setConsultationFilled(true);
  };

  // A replacement is for the annulled document's patient: picked for the doctor at once.
  const replacedPatient = replacing?.pacienteId;
  useEffect(() => {
    if (!replacedPatient) return;
    let live = true;
    findPatient(replacedPatient)
      .then((p) => live && fillFromAccount(p))
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // Once per replaced document: fillFromAccount is recreated on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [replacedPatient]);

  const clearPatient = () => {
    setPatient(null);
    setValue('correoPaciente', '', { shouldDirty: true });
  };

  const onSubmit = handleSubmit(
    async (values) => {
      setSummary(null);
      setStatus(null);
      // A typed date that cannot be taken is named on its field; nothing is sent.
      if (dateIssues.pending().length > 0) {
        setSummary(messages.fixFormErrors);
        return;
      }
      // The rules that need today's date, as the server checks them (shared).
      const issues = documentDateIssues(tipo, values, todayInPanama());
      if (issues.length > 0) {
        for (const i of issues) setError(i.path, { type: 'date', message: i.message });
        setSummary(messages.fixFormErrors);
        return;
      }
      try {
        const file = await generate.mutateAsync({ tipo, fields: values, pacienteId: patient?.id, reemplazaId: replacing?.id });
        saveFile(file);
        setStatus(messages.documentGenerated);
      } catch (error) {
        if (error instanceof ApiError) {
          for (const [name, message] of Object.entries(error.errors)) {
            if (fields.some((f) => f.name === name)) setError(name, { type: 'server', message });
          }
          if (error.fromServer) setSummary(translateMessage(error.message));
        }
        await showAlert(messages.pdfFailed);
      }
    },
    () => {
      setStatus(null);
      setSummary(messages.fixFormErrors);
    },
  );

  // Fields without a section first, then one fieldset per section, in the specification's order.
  const groups: { section: string | undefined; fields: DocumentField[] }[] = [];
  for (const f of fields) {
    if (f.name === 'SSN' && !hasSsn) continue;
    if (f.name === 'Fontanelas' && !hasFontanelles) continue;
    const last = groups.at(-1);
    if (last && last.section === f.section) last.fields.push(f);
    else groups.push({ section: f.section, fields: [f] });
  }

  const renderField = (f: DocumentField) => {
    if (f.kind === 'cie10') {
      return (
        <Cie10Picker
          key={f.name}
          label={t(`fields.${tipo}.${f.name}`)}
          code={cie10 ?? ''}
          title={cie10Title}
          error={errors[f.name]?.message}
          onPick={(entry) => {
            setValue('CIE10', entry.codigo, { shouldDirty: true });
            setCie10Title(entry.descripcion);
            // The code's title fills an empty diagnosis; words the doctor typed stay.
            if (!getValues('Diagnostico')) setValue('Diagnostico', entry.descripcion, { shouldDirty: true });
          }}
          onClear={() => {
            setValue('CIE10', '', { shouldDirty: true });
            setCie10Title(undefined);
          }}
        />
      );
    }
    if (f.kind === 'lines') {
      return (
        <PrescriptionLines
          key={f.name}
          control={control as unknown as FormControl<LinesForm>}
          register={register as unknown as UseFormRegister<LinesForm>}
          errors={errors}
        />
      );
    }
    if (f.kind === 'date') return renderDateField(f);
    return renderTextField(f);
  };

  const renderDateField = (f: DocumentField) => {
    const bounds = documentDateBounds(f.name, todayInPanama());
    return (
      <Field key={f.name} label={t(`fields.${tipo}.${f.name}`)} error={dateIssues.of(f.name) ?? errors[f.name]?.message} required={required.has(f.name)}>
        {(p) => (
          <Controller
            control={control}
            name={f.name}
            render={({ field }) => (
              <DateField
                control={p}
                value={typeof field.value === 'string' ? field.value : ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                onIssue={dateIssues.report(f.name)}
                minDate={bounds?.min}
                maxDate={bounds?.max}
                pastMessage={bounds?.message}
                tooFarMessage={bounds?.message}
                yearSelect={f.name === 'FechaNacimiento'}
              />
            )}
          />
        )}
      </Field>
    );
  };

  const renderTextField = (f: DocumentField) => (
    <Field key={f.name} label={t(`fields.${tipo}.${f.name}`)} error={errors[f.name]?.message} required={required.has(f.name)} className={f.kind === 'textarea' ? 'documents-wide' : undefined}>
      {(control) => (
        <Control
          field={f}
          control={control}
          register={register}
          emails={emailsId}
          t={t}
          countryName={countryName}
          readOnly={(f.name === 'correoPaciente' && patient !== null) || COMPUTED.has(f.name) || DOCTOR_FIELDS.has(f.name)}
        />
      )}
    </Field>
  );

  return (
    <form className="documents-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-describedby={`${emailsId}-required`}>
      <p id={`${emailsId}-required`} className="documents-note">
        {rich(t('form.requiredNote'), {
          star: (c) => (
            <>
              <span aria-hidden="true">*</span>
              <span className="visually-hidden">{c}</span>
            </>
          ),
        })}
      </p>
      {replacing && (
        <p className="documents-warning" role="note">
          {t('form.replacing', { numero: replacing.numero })} <Link to={DOCUMENT_PAGES[tipo]}>{t('form.cancelReplace')}</Link>
        </p>
      )}
      {profile && !profile.completo && (
        <p className="documents-warning">
          {messages.doctorProfileIncomplete} <Link to="/Perfil_Admin_Doctor">{t('form.completeProfile')}</Link>
        </p>
      )}
      <PatientPicker picked={patient} onPick={fillFromAccount} onClear={clearPatient} />
      {patient?.consulta && (
        <div className="documents-consultation-fill">
          <Button variant="secondary" onClick={fillFromConsultation}>
            {t('form.fillFromConsultation', { date: formatDate(patient.consulta.fecha, language) })}
          </Button>
          <span role="status" className="documents-note">
            {consultationFilled ? t('form.consultationFilled') : ''}
          </span>
        </div>
      )}
      <datalist id={emailsId}>
        {knownEmails.map((e) => (
          <option key={e} value={e} />
        ))}
      </datalist>
      {groups.map((g, i) =>
        g.section ? (
          <fieldset key={`${g.section}-${i}`} className="documents-fieldset">
            <legend>{t(`sections.${keyOf(g.section)}`)}</legend>
            <div className="documents-grid">{g.fields.map(renderField)}</div>
          </fieldset>
        ) : (
          <div key={`top-${i}`} className="documents-grid">
            {g.fields.map(renderField)}
          </div>
        ),
      )}

      <fieldset className="documents-fieldset documents-signature">
        <legend>{t('form.signatureLegend')}</legend>
        <p className="documents-note">{rich(t('form.doctorFromProfile'), { profile: (c) => <Link to="/Perfil_Admin_Doctor">{c}</Link> })}</p>
        {profile?.hasSignature ? (
          <div className="documents-signature-row">
            <img src={`/api/doctor/documents/profile/signature?v=${signatureVersion}`} alt={t('form.savedSignatureAlt')} className="documents-signature-img" />
            <Link to="/Firma_Admin_Doctor">{t('form.changeSignature')}</Link>
          </div>
        ) : (
          <p className="documents-warning">
            {messages.documentProfileRequired} <Link to="/Firma_Admin_Doctor">{t('form.goToSignature')}</Link>
          </p>
        )}
      </fieldset>

      <p className="documents-summary" role="alert">
        {summary ?? ''}
      </p>
      <Button type="submit" busy={generate.isPending} className="documents-submit">
        {t('form.generate')}
      </Button>
      <p className="documents-status" role="status">
        {status ?? ''}
      </p>
    </form>
  );
}
