import { useState, type FormEvent } from 'react';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';

/** Search by the patient's first name: 'Enviar' and 'Limpiar Búsqueda' (staff.md, doctor appointments list). */
export function SearchForm({ onSearch, onClear }: { onSearch: (name: string) => void; onClear: () => void }) {
  const { t } = useTranslation('appointments');
  const messages = useMessages();
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const name = text.trim();
    if (name === '') {
      void showAlert(messages.missingFields);
      return;
    }
    onSearch(name);
  };
  return (
    <form className="appt-search" role="search" onSubmit={submit}>
      <Field label={t('staff.searchLabel')}>
        {(p) => (
          <input {...p} type="search" value={text} maxLength={100} onChange={(e) => setText(e.currentTarget.value)} />
        )}
      </Field>
      <div className="appt-actions">
        <Button type="submit">{t('staff.search')}</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setText('');
            onClear();
          }}
        >
          {t('staff.clear')}
        </Button>
      </div>
    </form>
  );
}
