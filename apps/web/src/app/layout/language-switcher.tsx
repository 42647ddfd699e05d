import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { LANGUAGES, LANGUAGE_NAMES, setLanguage, useLanguage, useTranslation, type Language } from '../../lib/i18n.js';
import de from './flags/de.svg';
import en from './flags/en.svg';
import es from './flags/es.svg';
import fr from './flags/fr.svg';
import it from './flags/it.svg';
import zhCN from './flags/zh-CN.svg';
import zhTW from './flags/zh-TW.svg';

/** The flags the product ships (app/layout/flags): the US flag for English (docs/spec/decisions.md, "Languages"). */
const FLAGS: Record<Language, string> = { es, en, fr, de, it, 'zh-TW': zhTW, 'zh-CN': zhCN };

/**
 * The language switcher at the top right of every page: a button that opens a listbox of the seven
 * languages, each with its flag and its name in itself. Keyboard: Enter, Space or ArrowDown opens
 * it; arrows, Home and End move; Enter or Space chooses; Escape or Tab closes.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation('frame');
  const current = useLanguage();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) listRef.current?.querySelectorAll<HTMLElement>('[role="option"]')[active]?.focus();
  }, [open, active]);

  // A click anywhere else closes the list.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!boxRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const show = (index = LANGUAGES.indexOf(current)) => {
    setActive(index);
    setOpen(true);
  };
  const close = (focusButton = true) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };
  const choose = (lng: Language) => {
    close();
    void setLanguage(lng);
  };

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      show();
    }
  };
  const onListKey = (e: KeyboardEvent) => {
    const last = LANGUAGES.length - 1;
    const moves: Record<string, number> = { ArrowDown: Math.min(active + 1, last), ArrowUp: Math.max(active - 1, 0), Home: 0, End: last };
    if (e.key in moves) {
      e.preventDefault();
      setActive(moves[e.key]!);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      choose(LANGUAGES[active]!);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div className="lang-switcher" ref={boxRef}>
      <button
        ref={buttonRef}
        type="button"
        className="lang-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={t('language.button', { language: LANGUAGE_NAMES[current] })}
        onClick={() => (open ? close() : show())}
        onKeyDown={onButtonKey}
      >
        <img src={FLAGS[current]} alt="" width={30} height={20} />
        <span className="lang-code" aria-hidden="true">
          {current.slice(0, 2).toUpperCase()}
        </span>
      </button>
      {open && (
        <ul ref={listRef} id={listId} role="listbox" className="lang-list" aria-label={t('language.list')} onKeyDown={onListKey}>
          {LANGUAGES.map((lng, i) => (
            <li
              key={lng}
              role="option"
              lang={lng}
              tabIndex={i === active ? 0 : -1}
              aria-selected={lng === current}
              className={i === active ? 'is-active' : undefined}
              onClick={() => choose(lng)}
              onMouseEnter={() => setActive(i)}
            >
              <img src={FLAGS[lng]} alt="" width={30} height={20} />
              <span>{LANGUAGE_NAMES[lng]}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
