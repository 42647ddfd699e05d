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
}

/** Search by first name: a field, the submit button ('Buscar') and 'Limpiar Búsqueda'. */
export function NameSearch({ onSearch, onClear, label, submitLabel }: NameSearchProps) {
  const { t } = useTranslation('ui');
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className="list-search" role="search" onSubmit={submit}>
      <Field label={label ?? t('nameSearch.label')}>
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
