import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SUGGESTION_MAX, suggestionSchema, type SuggestionInput } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { ApiError } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useSendSuggestion } from '../api/send-suggestion.js';
import '../suggestions.css';

/** /Sugerencias (and /sugerencias): one text area and the send action. */
export function SugerenciasPage() {
  const { t } = useTranslation('suggestions');
  const messages = useMessages();
  const send = useSendSuggestion();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SuggestionInput>({ resolver: zodResolver(suggestionSchema), defaultValues: { sugerencia: '' } });

  const onValid = (values: SuggestionInput) =>
    send.mutate(values, {
      onSuccess: (r) => {
        reset({ sugerencia: '' });
        void showAlert(translateMessage(r.message));
      },
      onError: (err) =>
        void showAlert(
          err instanceof ApiError && err.fromServer ? `${messages.suggestionFailedPrefix}${translateMessage(err.message)}` : `${messages.suggestionFailedPrefix}${messages.requestFailed}`,
        ),
    });
  // Blank after trimming: the specification's mandatory-fields message, as an alert.
  const onInvalid = (errs: FieldErrors<SuggestionInput>) => void showAlert(translateMessage(errs.sugerencia?.message ?? messages.missingFields));

  return (
    <div className="suggestion-page">
      <h1>{t('page.title')}</h1>
      <p>{t('page.intro')}</p>
      <form className="suggestion-form" noValidate onSubmit={(e) => void handleSubmit(onValid, onInvalid)(e)}>
        <Field label={t('page.label')} error={errors.sugerencia?.message} required>
          {(p) => <textarea {...p} {...register('sugerencia')} maxLength={SUGGESTION_MAX} rows={6} />}
        </Field>
        <Button type="submit" busy={send.isPending}>
          {t('page.send')}
        </Button>
      </form>
    </div>
  );
}
