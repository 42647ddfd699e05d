import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import {
  ADMINISTRATION_ROUTES,
  MAX_PRESCRIPTION_LINES,
  PRESCRIPTION_COLUMNS,
  emptyPrescriptionLine,
  type PrescriptionLineInput,
} from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { translateMessage, useTranslation } from '../../../lib/i18n.js';
import { keyOf } from './labels.js';

/** The part of the form these lines live in. */
export type LinesForm = { Medicamentos: PrescriptionLineInput[] };

interface PrescriptionLinesProps {
  control: Control<LinesForm>;
  register: UseFormRegister<LinesForm>;
  errors: FieldErrors<LinesForm>;
}

/**
 * The prescription's medicines: one card per line (medicine, presentation and strength, dose,
 * route, frequency, duration, quantity), up to ten, added and removed with buttons. The cards
 * stack on a phone and lay their fields out in a grid on a wide screen.
 */
export function PrescriptionLines({ control, register, errors }: PrescriptionLinesProps) {
  const { t } = useTranslation('documents');
  const { fields, append, remove } = useFieldArray({ control, name: 'Medicamentos' });
  const listError = errors.Medicamentos?.root?.message ?? errors.Medicamentos?.message;

  return (
    <fieldset className="documents-fieldset documents-lines documents-wide">
      <legend>{t('lines.legend')}</legend>
      <ol className="documents-lines-list">
        {fields.map((line, i) => (
          <li key={line.id} className="documents-line">
            <fieldset className="documents-line-card">
              <legend>{t('lines.line', { n: i + 1 })}</legend>
              <div className="documents-grid">
                {PRESCRIPTION_COLUMNS.map((c) => (
                  <Field key={c.name} label={t(`lines.columns.${c.name}`)} required error={errors.Medicamentos?.[i]?.[c.name]?.message}>
                    {(props) =>
                      c.name === 'via' ? (
                        <select {...props} {...register(`Medicamentos.${i}.via`)}>
                          <option value="">{t('form.select')}</option>
                          {ADMINISTRATION_ROUTES.map((r) => (
                            <option key={r} value={r}>
                              {t(`routes.${keyOf(r)}`)}
                            </option>
                          ))}
                        </select>
                      ) : (
                        <input {...props} {...register(`Medicamentos.${i}.${c.name}`)} type="text" autoComplete="off" maxLength={120} />
                      )
                    }
                  </Field>
                ))}
              </div>
              {fields.length > 1 ? (
                <Button variant="secondary" onClick={() => remove(i)}>
                  {t('lines.remove', { n: i + 1 })}
                </Button>
              ) : null}
            </fieldset>
          </li>
        ))}
      </ol>
      <p className="field-error" role={listError ? 'alert' : undefined}>
        {listError ? translateMessage(listError) : ''}
      </p>
      <Button variant="secondary" disabled={fields.length >= MAX_PRESCRIPTION_LINES} onClick={() => append(emptyPrescriptionLine())}>
        {t('lines.add')}
      </Button>
      {fields.length >= MAX_PRESCRIPTION_LINES ? <p className="documents-note">{t('lines.max', { max: MAX_PRESCRIPTION_LINES })}</p> : null}
    </fieldset>
  );
}
