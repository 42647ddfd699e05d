import { useId, useState } from 'react';
import type { PatientLookup } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { useSuggestionKeys } from '../../../components/ui/use-suggestion-keys.js';
import { messageOf } from '../../../lib/api-client.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import { useFindPatient } from '../api/find-patient.js';
import { PATIENT_SEARCH_MIN, useSearchPatients } from '../api/search-patients.js';
import { useDebounced } from '../hooks/use-debounced.js';

/** Waits this long after the last key before asking the server (one request per pause, not per key). */
const TYPING_PAUSE_MS = 250;


interface PatientPickerProps {
  picked: PatientLookup | null;
  onPick: (patient: PatientLookup) => void;
  onClear: () => void;
}

/**
 * The patient a document is for, chosen among the doctor's own patients (a consultation or an
 * appointment with them) by name or cédula: matches are suggested as one types, as large buttons a
 * thumb can hit. Picking one asks the server for the account's data, which fills the form. Without
 * a pick the document is a walk-in's, and the note says what that means.
 */
export function PatientPicker({ picked, onPick, onClear }: PatientPickerProps) {
  const { t } = useTranslation('documents');
  const messages = useMessages();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), TYPING_PAUSE_MS);
  const search = useSearchPatients(q);
  const find = useFindPatient();
  const [status, setStatus] = useState<string | null>(null);
  const listId = useId();

  const pick = async (id: string) => {
    setStatus(null);
    try {
      const patient = await find.mutateAsync(id);
      onPick(patient);
      setText('');
      setStatus(messages.patientDataFilled);
    } catch (error) {
      setStatus(messageOf(error, messages.loadFailed));
    }
  };

  const typedEnough = q.length >= PATIENT_SEARCH_MIN;
  const results = typedEnough ? (search.data ?? []) : [];
  const keys = useSuggestionKeys({ results, onPick: (p) => void pick(p.id) });

  return (
    <fieldset className="documents-fieldset documents-picker">
      <legend>{t('picker.legend')}</legend>
      {picked ? (
        <div className="documents-picked">
          <p>
            <strong>
              {picked.nombre} {picked.apellido}
            </strong>{' '}
            · {t('picker.cedula')} {picked.cedula} · {picked.correo}
          </p>
          <Button
            variant="secondary"
            onClick={() => {
              setStatus(null);
              onClear();
            }}
          >
            {t('picker.change')}
          </Button>
        </div>
      ) : (
        <>
          <Field label={t('picker.search')} hint={t('picker.hint')}>
            {(control) => (
              <input
                {...control}
                type="search"
                value={text}
                maxLength={60}
                autoComplete="off"
                enterKeyHint="search"
                aria-controls={listId}
                onChange={(e) => setText(e.currentTarget.value)}
                onKeyDown={keys.onInputKeyDown}
              />
            )}
          </Field>
          <ul
            id={listId}
            className="documents-suggestions"
            aria-label={t('picker.suggestions')}
            aria-busy={search.isFetching}
            onKeyDown={keys.onListKeyDown}
          >
            {results.map((p) => (
              <li key={p.id}>
                <Button variant="secondary" className="documents-suggestion" busy={find.isPending && find.variables === p.id} onClick={() => void pick(p.id)}>
                  {p.nombre} {p.apellido} · {t('picker.cedula')} {p.cedula}
                </Button>
              </li>
            ))}
          </ul>
          {typedEnough && search.isSuccess && results.length === 0 ? <p className="documents-lookup">{t('picker.none')}</p> : null}
          <p className="documents-note">{messages.walkInDocumentNote}</p>
        </>
      )}
      <p className="documents-lookup" role="status">
        {status ?? ''}
      </p>
    </fieldset>
  );
}
