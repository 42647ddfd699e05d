import { useId, useState } from 'react';
import type { Cie10Entry } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { useSuggestionKeys } from '../../../components/ui/use-suggestion-keys.js';
import { useTranslation } from '../../../lib/i18n.js';
import { CIE10_SEARCH_MIN, useSearchCie10 } from '../api/search-cie10.js';
import { useDebounced } from '../hooks/use-debounced.js';

interface Cie10PickerProps {
  label: string;
  /** The chosen code ('' for none) and its title when known. */
  code: string;
  title: string | undefined;
  error: string | undefined;
  onPick: (entry: Cie10Entry) => void;
  onClear: () => void;
}

/**
 * The diagnosis' optional CIE-10 code, chosen from the clinic's list: typed words or a code
 * suggest up to twenty entries as large buttons; the chosen one shows as 'J06.9 — …' with a
 * button to remove it. The server checks the code again.
 */
export function Cie10Picker({ label, code, title, error, onPick, onClear }: Cie10PickerProps) {
  const { t } = useTranslation('documents');
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 250);
  const search = useSearchCie10(q);
  const listId = useId();
  const typedEnough = q.length >= CIE10_SEARCH_MIN;
  const results = typedEnough ? (search.data ?? []) : [];
  const keys = useSuggestionKeys({ results, onPick });

  if (code) {
    return (
      <div className="documents-wide documents-cie10-chosen">
        <p>
          <span className="documents-cie10-label">{label}:</span> <strong>{code}</strong>
          {title ? ` — ${title}` : ''}
        </p>
        <Button variant="secondary" onClick={onClear}>
          {t('cie10.remove')}
        </Button>
      </div>
    );
  }
  return (
    <div className="documents-wide documents-cie10">
      <Field label={label} hint={t('cie10.hint')} error={error}>
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
        aria-label={t('cie10.suggestions')}
        aria-busy={search.isFetching}
        onKeyDown={keys.onListKeyDown}
      >
        {results.map((entry) => (
          <li key={entry.codigo}>
            <Button
              variant="secondary"
              className="documents-suggestion"
              onClick={() => {
                onPick(entry);
                setText('');
              }}
            >
              {entry.codigo} — {entry.descripcion}
            </Button>
          </li>
        ))}
      </ul>
      {typedEnough && search.isSuccess && results.length === 0 ? <p className="documents-lookup">{t('cie10.none')}</p> : null}
    </div>
  );
}
