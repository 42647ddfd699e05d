import { useId, type ReactNode } from 'react';
import { translateMessage, useLanguage } from '../../lib/i18n.js';
import './ui.css';

/** What a Field passes to its control: the ids that tie the label and the error to it. */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
}

interface FieldProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/** A label, its control and its error message (announced when it appears). */
export function Field({ label, error, hint, required, className, children }: FieldProps) {
  const id = useId();
  useLanguage(); // the error (a shared schema's Spanish message) follows the language
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <div className="field-label-row">
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        {/* Outside the label, so the accessible name stays the label's own text. */}
        {required && (
          <span className="field-required" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy, 'aria-required': required || undefined })}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <p id={errorId} className="field-error" role={error ? 'alert' : undefined}>
        {error ? translateMessage(error) : ''}
      </p>
    </div>
  );
}
