import { useEffect, useState } from 'react';
import { OPEN_DIALOG, useSelectorPresent } from '../../lib/dialog-open.js';

// When the floating widgets step aside (issue 23): they would otherwise sit over what the person is
// working with. A pop-up or the session warning is over the page; the on-screen keyboard leaves a
// phone little room; a text field in use (the chat's message box) should not have a tab beside it
// catching a thumb.

/** The on-screen keyboard takes at least this much of the layout viewport's height when it is up. */
const KEYBOARD_MIN_PX = 120;

const keyboardUp = () => {
  const vv = window.visualViewport;
  // A pinch-zoom shrinks the visual viewport by its scale; only the keyboard shrinks it unscaled.
  return vv !== null && window.innerHeight - vv.height * vv.scale > KEYBOARD_MIN_PX;
};

const TEXT_INPUT = 'textarea, select, [contenteditable=""], [contenteditable="true"], input:not([type]), input[type=text], input[type=email], input[type=password], input[type=search], input[type=tel], input[type=number], input[type=url], input[type=date], input[type=time]';
const typing = () => document.activeElement instanceof Element && document.activeElement.matches(TEXT_INPUT);

function useKeyboardOrTyping(watchTyping: boolean) {
  const [state, setState] = useState(() => keyboardUp() || (watchTyping && typing()));
  useEffect(() => {
    const update = () => setState(keyboardUp() || (watchTyping && typing()));
    const vv = window.visualViewport;
    vv?.addEventListener('resize', update);
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', update);
    update();
    return () => {
      vv?.removeEventListener('resize', update);
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', update);
    };
  }, [watchTyping]);
  return state;
}

/**
 * True while the widgets should be out of the way. `tabs`: in their tab form (narrow screens) a text
 * field in use counts too; in the full form they sit in their own gutter, clear of any field.
 */
export function useStepAside(tabs: boolean) {
  const overlay = useSelectorPresent(`${OPEN_DIALOG}, .session-warning`);
  const busy = useKeyboardOrTyping(tabs);
  return overlay || busy;
}
