import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.js';
import './ui.css';

interface ModalProps {
  /** Called on Escape, on a click outside the box and on the close button. */
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Hides the visible title (the dialog keeps it as its accessible name). */
  hideTitle?: boolean;
  size?: 'sm' | 'md' | 'lg';
  role?: 'dialog' | 'alertdialog';
  /** Without the × button (the alert dialog has its own 'Aceptar'). */
  noCloseButton?: boolean;
  describedBy?: string;
  className?: string;
}

/**
 * A modal pop-up on the native <dialog>: the browser traps the focus, makes the page behind inert
 * and puts it in the top layer. It closes on Escape and on a click outside the box.
 * Mount it to open it, unmount it to close it. The element with `data-autofocus` gets the focus.
 */
export function Modal({ onClose, title, children, hideTitle, size = 'md', role = 'dialog', noCloseButton, describedBy, className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const pressedOutside = useRef(false);
  const mounted = useRef(true);
  const onCloseRef = useRef(onClose);
  const { t } = useTranslation('ui');
  const titleId = useId();
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    mounted.current = true;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      // Closed because the owner unmounted it: the `close` event this fires (after the unmount) is
      // not the person's Escape and must not reach the owner (it would close whatever replaced it).
      mounted.current = false;
      if (dialog.open) dialog.close();
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      className={`modal modal-${size}${className ? ` ${className}` : ''}`}
      // Escape: the browser closes the dialog and fires `close`; the owner then unmounts it.
      onClose={() => {
        if (mounted.current) onCloseRef.current();
      }}
      onMouseDown={(e) => {
        pressedOutside.current = e.target === ref.current;
      }}
      onClick={(e) => {
        // The dialog element itself is the backdrop area: its content fills the box.
        if (pressedOutside.current && e.target === ref.current) onCloseRef.current();
        pressedOutside.current = false;
      }}
    >
      <div className="modal-box">
        <div className="modal-head">
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'modal-title'}>
            {title}
          </h2>
          {!noCloseButton && (
            <button type="button" className="modal-close" aria-label={t('modal.close')} onClick={() => onCloseRef.current()}>
              ×
            </button>
          )}
        </div>
        {children}
      </div>
    </dialog>
  );
}
