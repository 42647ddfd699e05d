import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatDateTime, passkeyNameSchema, type Passkey, type PasskeyNameInput } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { messageOf } from '../../../lib/api-client.js';
import { translateMessage, useLanguage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { usePasskeys } from '../api/get-passkeys.js';
import { useRemovePasskey } from '../api/remove-passkey.js';
import { useRegisterPasskey } from '../hooks/passkey-ceremonies.js';

type StaffRole = 'admin' | 'doctor';

/**
 * The security page's passkeys (decision 0026): each named, listed with when it was added and
 * last used, removable after a confirmation; a new one is named first, then the browser asks the
 * authenticator (PIN, fingerprint or face). Shown to a session that has its second factor.
 */
export function PasskeysSection({ role }: { role: StaffRole }) {
  const { t } = useTranslation('auth');
  const messages = useMessages();
  const language = useLanguage();
  const titleId = useId();
  const list = usePasskeys(role, true);
  const add = useRegisterPasskey();
  const remove = useRemovePasskey();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<PasskeyNameInput, unknown, { nombre: string }>({
    resolver: zodResolver(passkeyNameSchema),
    defaultValues: { nombre: '' },
  });
  // One unambiguous form (docs/spec/decisions.md): day, month name, year, 12-hour time, in Panama's time.
  const when = (iso: string) => formatDateTime(iso, language);

  const onSubmit = handleSubmit(async ({ nombre }) => {
    try {
      const result = await add.mutateAsync({ role, nombre });
      reset({ nombre: '' });
      await showAlert(translateMessage(result.message));
    } catch (error) {
      await showAlert(messageOf(error, messages.requestFailed));
    }
  });

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      const result = await remove.mutateAsync({ role, id: removing.id });
      setRemoving(null);
      await showAlert(translateMessage(result.message));
    } catch (error) {
      setRemoving(null);
      await showAlert(messageOf(error, messages.requestFailed));
    }
  };

  const keys = list.data?.llaves;
  return (
    <section aria-labelledby={titleId} className="passkeys">
      <h2 id={titleId}>{t('passkeys.title')}</h2>
      <p>{t('passkeys.intro')}</p>
      {keys &&
        (keys.length === 0 ? (
          <p>{t('passkeys.none')}</p>
        ) : (
          <ul className="passkeys-list" aria-label={t('passkeys.title')}>
            {keys.map((k) => (
              <li key={k.id}>
                <div>
                  <strong>{k.nombre}</strong>
                  <span>{t('passkeys.created', { when: when(k.creada) })}</span>
                  <span>{k.ultimo_uso ? t('passkeys.lastUsed', { when: when(k.ultimo_uso) }) : t('passkeys.neverUsed')}</span>
                </div>
                <Button variant="danger" onClick={() => setRemoving(k)} aria-label={t('passkeys.removeNamed', { nombre: k.nombre })}>
                  {t('passkeys.remove')}
                </Button>
              </li>
            ))}
          </ul>
        ))}
      <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Field label={t('passkeys.nameLabel')} error={errors.nombre?.message} hint={t('passkeys.nameHint')} required>
          {(p) => <input {...p} type="text" autoComplete="off" maxLength={60} {...register('nombre')} />}
        </Field>
        <Button type="submit" busy={add.isPending} className="auth-submit">
          {t('passkeys.add')}
        </Button>
      </form>
      {removing && (
        <ConfirmDialog
          title={t('passkeys.confirmTitle')}
          text={
            <>
              <strong>{removing.nombre}</strong>: {messages.passkeyRemoveConfirm}
            </>
          }
          confirmLabel={t('passkeys.confirmRemove')}
          danger
          busy={remove.isPending}
          onConfirm={() => void confirmRemove()}
          onCancel={() => setRemoving(null)}
        />
      )}
    </section>
  );
}
