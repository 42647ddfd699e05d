import type { PasswordOwner } from '@clinica/shared';
import { useMessages } from '../../lib/i18n.js';
import { usePasswordStrength } from '../../lib/password-strength.js';
import './ui.css';

const LEVEL_KEYS = ['passwordStrength0', 'passwordStrength1', 'passwordStrength2', 'passwordStrength3', 'passwordStrength4'] as const;

/**
 * The strength meter under a new-password field (issue 18): five steps filled as the person
 * types, the level in words, and while the password is too weak the same message the server
 * gives. Announced politely, so a screen reader hears it after typing, not on every key.
 */
export function PasswordStrengthMeter({ password, owner }: { password: string; owner: PasswordOwner }) {
  const m = useMessages();
  const strength = usePasswordStrength(password, owner);
  if (!strength) return <div className="password-meter" aria-live="polite" />;
  const level = m[LEVEL_KEYS[strength.score]];
  return (
    <div className="password-meter" aria-live="polite">
      <div
        className={`password-meter-bar password-meter-${strength.score}`}
        role="meter"
        aria-label={m.passwordStrengthLabel}
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={strength.score}
        aria-valuetext={level}
      >
        {[0, 1, 2, 3].map((i) => (
          <span key={i} className={i < strength.score ? 'filled' : undefined} />
        ))}
      </div>
      <p className="password-meter-text">
        {m.passwordStrengthLabel} <strong>{level}</strong>
        {!strength.strongEnough && <span className="password-meter-advice"> {m.passwordTooWeak}</span>}
      </p>
    </div>
  );
}
