import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { totpCodeSchema, type TotpCodeInput, type TwoFactorSetup } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { messageOf } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useConfirmTwoFactor } from '../api/confirm-two-factor.js';
import { useDisableTwoFactor } from '../api/disable-two-factor.js';
import { useTwoFactorStatus } from '../api/get-two-factor-status.js';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes.js';
import { useStartTwoFactor } from '../api/start-two-factor.js';
import { CodeField } from './code-field.js';
import { PasskeysSection } from './passkeys-section.js';
import { StaffTwoFactorReset } from './staff-two-factor-reset.js';
import '../auth.css';

type StaffRole = 'admin' | 'doctor';

/** The form of one code of the authenticator (totpCodeSchema). */
function useCodeForm() {
  return useForm<TotpCodeInput, unknown, { codigo: string }>({
    resolver: zodResolver(totpCodeSchema),
    defaultValues: { codigo: '' },
  });
}

/** The recovery codes, shown once, right after they are made. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <section aria-labelledby="recovery-codes-title" className="two-factor-codes">
      <h2 id="recovery-codes-title">{t('twoFactor.codesTitle')}</h2>
      <p>{t('twoFactor.codesIntro')}</p>
      <ul aria-label={t('twoFactor.codesTitle')}>
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <Button onClick={onDone}>{t('twoFactor.codesDone')}</Button>
    </section>
  );
}

/** Enrolment: the QR code and the secret, then the first code. */
function Enrol({
  role,
  setup,
  onCodes,
}: {
  role: StaffRole;
  setup: TwoFactorSetup;
  onCodes: (codes: string[]) => void;
}) {
  const { t } = useTranslation('auth');
  const messages = useMessages();
  const confirm = useConfirmTwoFactor();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useCodeForm();
  const onSubmit = handleSubmit(async ({ codigo }) => {
    try {
      const result = await confirm.mutateAsync({ role, codigo });
      onCodes(result.codigos_recuperacion);
    } catch (error) {
      reset({ codigo: '' });
      await showAlert(messageOf(error, messages.requestFailed));
    }
  });
  return (
    <section className="two-factor-enrol">
      <p>{t('twoFactor.step1')}</p>
      <img src={setup.qr} alt={t('twoFactor.qrAlt')} width={240} height={240} />
      <p>{t('twoFactor.manual')}</p>
      <Field label={t('twoFactor.secretLabel')}>
        {(p) => (
          <input {...p} type="text" readOnly value={setup.secreto} className="two-factor-secret" spellCheck={false} />
        )}
      </Field>
      <p>{t('twoFactor.step2')}</p>
      <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <CodeField label={t('twoFactor.codeLabel')} error={errors.codigo?.message} registration={register('codigo')} />
        <Button type="submit" busy={confirm.isPending} className="auth-submit">
          {t('twoFactor.confirm')}
        </Button>
      </form>
    </section>
  );
}

/** New recovery codes or turning it off, each with a current code of the authenticator. */
function Manage({
  role,
  required,
  onCodes,
}: {
  role: StaffRole;
  required: boolean;
  onCodes: (codes: string[]) => void;
}) {
  const { t } = useTranslation('auth');
  const messages = useMessages();
  const regenerate = useRegenerateRecoveryCodes();
  const disable = useDisableTwoFactor();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useCodeForm();
  const run = (action: 'regenerate' | 'disable') =>
    handleSubmit(async ({ codigo }) => {
      try {
        if (action === 'regenerate') {
          onCodes((await regenerate.mutateAsync({ role, codigo })).codigos_recuperacion);
        } else {
          const result = await disable.mutateAsync({ role, codigo });
          await showAlert(translateMessage(result.message));
        }
      } catch (error) {
        await showAlert(messageOf(error, messages.requestFailed));
      }
      reset({ codigo: '' });
    });
  return (
    <form className="auth-form" noValidate onSubmit={(e) => void run('regenerate')(e)}>
      <p>{t('twoFactor.manage')}</p>
      <CodeField label={t('twoFactor.currentCode')} error={errors.codigo?.message} registration={register('codigo')} />
      <Button type="submit" busy={regenerate.isPending} className="auth-submit">
        {t('twoFactor.regenerate')}
      </Button>
      {!required && (
        <Button
          variant="danger"
          busy={disable.isPending}
          className="auth-submit"
          onClick={(e) => void run('disable')(e)}
        >
          {t('twoFactor.disable')}
        </Button>
      )}
    </form>
  );
}

/** The staff member's security page: two-factor sign-in (enrol, recovery codes, turn off) and passkeys. */
function TwoFactorPage({ role }: { role: StaffRole }) {
  const { t } = useTranslation('auth');
  const messages = useMessages();
  const status = useTwoFactorStatus(role);
  const start = useStartTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const begin = async () => {
    try {
      setSetup(await start.mutateAsync(role));
    } catch (error) {
      await showAlert(messageOf(error, messages.requestFailed));
    }
  };

  const s = status.data;
  return (
    <div className="staff-auth two-factor-page">
      <h1>{t('twoFactor.heading')}</h1>
      {codes ? (
        <RecoveryCodes
          codes={codes}
          onDone={() => {
            setCodes(null);
            setSetup(null);
          }}
        />
      ) : s ? (
        <>
          <p role="status">{s.activo ? t('twoFactor.statusOn') : t('twoFactor.statusOff')}</p>
          {s.activo && <p>{t('twoFactor.codesLeft', { count: s.codigos_restantes })}</p>}
          {s.restringida && <p className="two-factor-required">{t('twoFactor.required')}</p>}
          {s.activo ? (
            <Manage role={role} required={s.obligatorio} onCodes={setCodes} />
          ) : setup ? (
            <Enrol role={role} setup={setup} onCodes={setCodes} />
          ) : (
            <Button busy={start.isPending} onClick={() => void begin()}>
              {t('twoFactor.start')}
            </Button>
          )}
        </>
      ) : null}
      {/* Passkeys need a session that has its second factor (decision 0026). */}
      {s && !codes && !s.restringida && <PasskeysSection role={role} />}
      {/* An administrator resets another staff member's second factor (decision 0021). */}
      {role === 'admin' && s && !codes && (s.activo || !s.obligatorio) && <StaffTwoFactorReset ownCode={s.activo} />}
    </div>
  );
}

export const AdminSecurityPage = () => <TwoFactorPage role="admin" />;
export const DoctorSecurityPage = () => <TwoFactorPage role="doctor" />;
