import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { useTranslation } from '../../../lib/i18n.js';

/** Search by the patient's first name: 'Buscar' and 'Limpiar Búsqueda'. */
export function SearchBar({ onSearch, onClear }: { onSearch: (name: string) => void; onClear: () => void }) {
  const { t } = useTranslation('staff-review');
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className="review-search" role="search" onSubmit={submit}>
      <Field label={t('search.label')}>
        {(p) => <input {...p} type="search" value={text} maxLength={100} onChange={(e) => setText(e.currentTarget.value)} />}
      </Field>
      <div className="review-search-actions">
        <Button type="submit">{t('search.submit')}</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setText('');
            onClear();
          }}
        >
          {t('search.clear')}
        </Button>
      </div>
    </form>
  );
}
