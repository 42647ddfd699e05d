import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.js';
import { Button } from './button.js';
import { Field } from './field.js';
import './list.css';

interface NameSearchProps {
  /** Called with the trimmed text ('' when the field is empty). */
  onSearch: (name: string) => void;
  onClear: () => void;
  label?: string;
  submitLabel?: string;
  /**
   * The list's server search also matches the record's short number (`nameOrReference`, decision
   * 0045): the label and its hint say so, or nobody would know a number can be typed.
   */
  byReference?: boolean;
}

/** Search by first name (or the list's number): a field, the submit button ('Buscar') and 'Limpiar Búsqueda'. */
export function NameSearch({ onSearch, onClear, label, submitLabel, byReference = false }: NameSearchProps) {
  const { t } = useTranslation('ui');
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className="list-search" role="search" onSubmit={submit}>
      <Field
        label={label ?? t(byReference ? 'nameSearch.labelWithReference' : 'nameSearch.label')}
        hint={byReference ? t('nameSearch.referenceHint') : undefined}
      >
        {(p) => <input {...p} type="search" value={text} maxLength={100} onChange={(e) => setText(e.currentTarget.value)} />}
      </Field>
      <div className="list-search-actions">
        <Button type="submit">{submitLabel ?? t('nameSearch.submit')}</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setText('');
            onClear();
          }}
        >
          {t('nameSearch.clear')}
        </Button>
      </div>
    </form>
  );
}
