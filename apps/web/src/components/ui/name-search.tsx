import { useState, type FormEvent } from 'react';
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
export function NameSearch({ onSearch, onClear, label = 'Nombre del paciente', submitLabel = 'Buscar' }: NameSearchProps) {
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className="list-search" role="search" onSubmit={submit}>
      <Field label={label}>
        {(p) => <input {...p} type="search" value={text} maxLength={100} onChange={(e) => setText(e.currentTarget.value)} />}
      </Field>
      <div className="list-search-actions">
        <Button type="submit">{submitLabel}</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setText('');
            onClear();
          }}
        >
          Limpiar Búsqueda
        </Button>
      </div>
    </form>
  );
}
