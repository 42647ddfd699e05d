import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent, type MouseEvent as ReactMouseEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { WIDGETS, type PageRoute } from '@clinica/shared';
import { useMessages, useTranslation } from '../../lib/i18n.js';
import { LOCAL_KEYS, localStore } from '../../lib/storage-keys.js';
import { useStepAside } from './step-aside.js';
import { CHAT_SCREENS, isSocialBarHidden } from './widget-places.js';
// Its stylesheet is the frame's (root-layout.tsx imports it): applied from the first render, not inserted
// when this chunk loads after the page, which re-styled the whole page then (session 16).

// Loaded after the page (root-layout.tsx), so the widgets cost the first load nothing.
//
// Two forms (issue 23, decision 0043). From WIDGETS.fullFromPx wide, the specification's: the music
// button 115 px from the bottom and 110 px from the right, the social bar on the left at 85 % of the
// height (upright, so its gutter stays narrow). Narrower, small tabs at the screen's edges in the same
// corners, which open on a tap. In both, the frame keeps the widgets' edge of the page free
// (layout.css, `data-widgets`), so they never cover a word or a control; they step aside while a
// pop-up, the session warning, the on-screen keyboard or a text field (the chat's message box) is in use.

export { isSocialBarHidden } from './widget-places.js';

interface Point {
  x: number;
  y: number;
}

const viewport = () => ({ w: window.innerWidth, h: window.innerHeight });

/** `value` kept within [min, max]; when the viewport is too small for the range, min wins. */
const within = (value: number, min: number, max: number) => Math.max(min, Math.min(max, value));

/** The top-left corner of a `w`×`h` box kept `margin` px away from every viewport edge. */
export function clampToViewport(p: Point, w: number, h: number, margin: number): Point {
  const vp = viewport();
  return { x: within(p.x, margin, vp.w - margin - w), y: within(p.y, margin, vp.h - margin - h) };
}

/** A tab stays on its edge and moves only up and down, `TAB_MARGIN` px from the top and the bottom. */
const TAB = { w: 24, h: 48 };
const TAB_MARGIN = 56;
const clampTab = (y: number) => within(y, TAB_MARGIN, viewport().h - TAB_MARGIN - TAB.h);

/** Keeps the pointer's events on `el` while dragging (a pointer that is already gone cannot be captured). */
function capture(el: Element, pointerId: number) {
  try {
    el.setPointerCapture(pointerId);
  } catch {
    // the drag still works while the pointer stays over the element
  }
}

/** Arrow keys: a 10-px step (50 with Shift). */
function arrowStep(e: KeyboardEvent): Point | null {
  const step = e.shiftKey ? 50 : 10;
  const moves: Record<string, Point> = { ArrowLeft: { x: -step, y: 0 }, ArrowRight: { x: step, y: 0 }, ArrowUp: { x: 0, y: -step }, ArrowDown: { x: 0, y: step } };
  return moves[e.key] ?? null;
}

const FULL_QUERY = `(min-width: ${WIDGETS.fullFromPx}px)`;
const PHONE_QUERY = '(max-width: 899.98px)';
const subscribeQuery = (query: string) => (onChange: () => void) => {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};
const subscribeFull = subscribeQuery(FULL_QUERY);
const subscribePhone = subscribeQuery(PHONE_QUERY);
/** True from WIDGETS.fullFromPx wide: the widgets in the specification's form. */
const useFullForm = () => useSyncExternalStore(subscribeFull, () => window.matchMedia(FULL_QUERY).matches, () => true);
const usePhoneWidth = () => useSyncExternalStore(subscribePhone, () => window.matchMedia(PHONE_QUERY).matches, () => false);

/** Keeps a position inside the viewport when the window is resized. */
function useOnResize(fn: () => void) {
  const saved = useRef(fn);
  useEffect(() => {
    saved.current = fn;
  }, [fn]);
  useEffect(() => {
    const onResize = () => saved.current();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
}

/**
 * A press of WIDGETS.longPressMs or more, then a move: a drag (mouse, touch and pen alike through
 * pointer events). `move` gets the offset from where the press started; the click that ends a drag
 * is swallowed (a drag is not a tap).
 */
function useLongPressDrag(onStart: () => void, move: (dx: number, dy: number) => void) {
  const [dragging, setDragging] = useState(false);
  const press = useRef<{ id: number; start: Point; timer: number; armed: boolean } | null>(null);
  const suppressClick = useRef(false);
  const handlers = {
    onPointerDown: (e: ReactPointerEvent<HTMLElement>) => {
      if (e.button !== 0) return;
      capture(e.currentTarget, e.pointerId);
      const timer = window.setTimeout(() => {
        if (press.current) press.current.armed = true;
        setDragging(true);
      }, WIDGETS.longPressMs);
      onStart();
      press.current = { id: e.pointerId, start: { x: e.clientX, y: e.clientY }, timer, armed: false };
      suppressClick.current = false;
    },
    onPointerMove: (e: ReactPointerEvent<HTMLElement>) => {
      const p = press.current;
      if (!p || p.id !== e.pointerId || !p.armed) return;
      move(e.clientX - p.start.x, e.clientY - p.start.y);
    },
    onPointerUp: (e: ReactPointerEvent<HTMLElement>) => end(e),
    onPointerCancel: (e: ReactPointerEvent<HTMLElement>) => end(e),
    onContextMenu: (e: ReactMouseEvent<HTMLElement>) => e.preventDefault(),
  };
  function end(e: ReactPointerEvent<HTMLElement>) {
    const p = press.current;
    if (!p || p.id !== e.pointerId) return;
    window.clearTimeout(p.timer);
    suppressClick.current = p.armed;
    press.current = null;
    setDragging(false);
  }
  /** True (once) when the click that follows was the end of a drag. */
  const wasDrag = () => {
    const was = suppressClick.current;
    suppressClick.current = false;
    return was;
  };
  return { dragging, handlers, wasDrag };
}

/** Seen once, the first-use hint stays away (on this device). */
const useHintSeen = () => {
  const [seen, setSeen] = useState(() => localStore.get(LOCAL_KEYS.widgetsHintSeen) === '1');
  const dismiss = () => {
    localStore.set(LOCAL_KEYS.widgetsHintSeen, '1');
    setSeen(true);
  };
  return { seen, dismiss };
};

/** How to move the widgets, in the words of the form they have now, with its 'Entendido'. */
function WidgetHint({ full, onDismiss, className }: { full: boolean; onDismiss: () => void; className: string }) {
  const m = useMessages();
  return (
    <div className={`widget-hint ${className}`} role="note" aria-label={m.widgetsHintLabel}>
      <p>{full ? m.widgetsHintFull : m.widgetsHintTabs}</p>
      <button type="button" className="widget-hint-ok" onClick={onDismiss}>
        {m.widgetsHintOk}
      </button>
    </div>
  );
}

const PLAYER_SIZE = 56;
const clampPlayer = (p: Point, w: number, h: number) => clampToViewport(p, w, h, WIDGETS.dragClampPx);
const playerStart = (): Point => {
  const vp = viewport();
  return clampPlayer({ x: vp.w - WIDGETS.playerStartRightPx - PLAYER_SIZE, y: vp.h - WIDGETS.playerStartBottomPx - PLAYER_SIZE }, PLAYER_SIZE, PLAYER_SIZE);
};
const playerTabStart = () => clampTab(viewport().h - WIDGETS.playerStartBottomPx - TAB.h);

/**
 * The music player button (docs/spec/patient-and-public.md, "Floating widgets"): toggles a hidden embedded
 * playlist player, which loads only when first opened. In its full form it starts 115 px from the
 * bottom and 110 px from the right; a press of 300 ms or more lets it be dragged, always 100 px from
 * every viewport edge. As a tab it sits on the right edge and moves up and down the same way. Arrow
 * keys move it too.
 */
export function MusicPlayer({ playlistUrl, full, aside }: { playlistUrl: string; full: boolean; aside: boolean }) {
  const { t } = useTranslation('frame');
  const m = useMessages();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [pos, setPos] = useState<Point>(playerStart);
  const [tabY, setTabY] = useState(playerTabStart);
  const origin = useRef({ pos, tabY });
  const hint = useHintSeen();
  // Another form starts again from its own corner.
  const [form, setForm] = useState(full);
  if (form !== full) {
    setForm(full);
    setPos(playerStart());
    setTabY(playerTabStart());
  }
  useOnResize(() => {
    setPos((p) => clampPlayer(p, PLAYER_SIZE, PLAYER_SIZE));
    setTabY((y) => clampTab(y));
  });
  const { dragging, handlers, wasDrag } = useLongPressDrag(
    () => {
      origin.current = { pos, tabY };
    },
    (dx, dy) => {
      if (full) setPos(clampPlayer({ x: origin.current.pos.x + dx, y: origin.current.pos.y + dy }, PLAYER_SIZE, PLAYER_SIZE));
      else setTabY(clampTab(origin.current.tabY + dy));
    },
  );

  const onClick = () => {
    if (wasDrag()) return;
    setLoaded(true);
    setOpen((o) => !o);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = arrowStep(e);
    if (!step) return;
    e.preventDefault();
    if (full) setPos((p) => clampPlayer({ x: p.x + step.x, y: p.y + step.y }, PLAYER_SIZE, PLAYER_SIZE));
    else setTabY((y) => clampTab(y + step.y));
  };

  const vp = viewport();
  const top = full ? pos.y : tabY;
  // The panel opens on the side of the button with more room.
  const above = top > vp.h / 2;
  const toLeft = !full || pos.x > vp.w / 2;
  const style = full ? { left: pos.x, top: pos.y } : { right: 0, top: tabY };

  return (
    <div className={`music-player${full ? '' : ' is-tab'}`} style={style} data-testid="music-player" hidden={aside}>
      <button
        type="button"
        className={`music-player-button${dragging ? ' is-dragging' : ''}`}
        aria-expanded={open}
        aria-controls="music-player-panel"
        aria-label={open ? t('player.close') : t('player.open')}
        aria-describedby="music-player-hint"
        {...handlers}
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width={full ? 28 : 18} height={full ? 28 : 18}>
          <path fill="currentColor" d="M9 3v10.55A4 4 0 1 0 11 17V7h6V3z" />
        </svg>
      </button>
      <span id="music-player-hint" className="visually-hidden">
        {full ? t('player.hint') : m.widgetsHintTabs}
      </span>
      <div
        id="music-player-panel"
        className={`music-player-panel${above ? ' is-above' : ' is-below'}${toLeft ? ' is-left' : ' is-right'}`}
        hidden={!open}
      >
        {/* On a phone the hint is read where the person looks first: in the player they opened. */}
        {!full && !hint.seen && <WidgetHint full={false} onDismiss={hint.dismiss} className="in-panel" />}
        {loaded && <iframe src={playlistUrl} title={t('player.frame')} allow="autoplay; encrypted-media" loading="lazy" />}
      </div>
      {/* In the full form the hint sits in the right gutter above the button, where no page content is. */}
      {full && !hint.seen && <WidgetHint full onDismiss={hint.dismiss} className="in-gutter" />}
    </div>
  );
}

const clampBar = (p: Point, w: number, h: number) => clampToViewport(p, w, h, 0);
const barTabStart = () => clampTab(Math.round(viewport().h * WIDGETS.socialBarStartRatio - TAB.h / 2));

function SocialLinks({ facebookUrl, instagramUrl, moving }: { facebookUrl: string; instagramUrl: string; moving: boolean }) {
  const { t } = useTranslation('frame');
  return (
    <>
      <a
        href={facebookUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('social.facebook')}
        className="social-link social-facebook"
        onClick={(e) => moving && e.preventDefault()}
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="24" height="24">
          <path fill="currentColor" d="M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v9h4v-9h3l.5-4h-3.5V8.8c0-.5.3-.8.5-.8z" />
        </svg>
      </a>
      <a
        href={instagramUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('social.instagram')}
        className="social-link social-instagram"
        onClick={(e) => moving && e.preventDefault()}
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="24" height="24">
          <path
            fill="currentColor"
            d="M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v10a3 3 0 0 0 3 3h10a3 3 0 0 0 3-3V7a3 3 0 0 0-3-3zm5 3.5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zM17.3 5.5a1.2 1.2 0 1 1 0 2.4 1.2 1.2 0 0 1 0-2.4z"
          />
        </svg>
      </a>
    </>
  );
}

/**
 * The social bar as a tab on the left edge, at 85 % of the height: a tap shows the two links beside
 * it (and the first-use hint), another hides them; a long press drags it up and down the edge.
 */
function SocialTab({ facebookUrl, instagramUrl, aside }: { facebookUrl: string; instagramUrl: string; aside: boolean }) {
  const { t } = useTranslation('frame');
  const m = useMessages();
  const [open, setOpen] = useState(false);
  const [y, setY] = useState(barTabStart);
  const origin = useRef(y);
  const hint = useHintSeen();
  useOnResize(() => setY((v) => clampTab(v)));
  const { dragging, handlers, wasDrag } = useLongPressDrag(
    () => {
      origin.current = y;
    },
    (_dx, dy) => setY(clampTab(origin.current + dy)),
  );
  // Stepping aside (a pop-up, the keyboard) folds the links away too.
  const [wasAside, setWasAside] = useState(aside);
  if (wasAside !== aside) {
    setWasAside(aside);
    if (aside) setOpen(false);
  }
  return (
    <nav className="social-bar is-tab" aria-label={t('social.label')} style={{ left: 0, top: y }} hidden={aside}>
      <button
        type="button"
        className={`social-tab${dragging ? ' is-dragging' : ''}`}
        aria-expanded={open}
        aria-controls="social-tab-links"
        aria-label={open ? m.socialHide : m.socialShow}
        {...handlers}
        onClick={() => {
          if (!wasDrag()) setOpen((o) => !o);
        }}
        onKeyDown={(e) => {
          const step = arrowStep(e);
          if (!step || step.y === 0) return;
          e.preventDefault();
          setY((v) => clampTab(v + step.y));
        }}
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="18" height="18">
          <path
            fill="currentColor"
            d="M18 16a3 3 0 0 0-2.2 1l-7-4a3 3 0 0 0 0-2l7-4A3 3 0 1 0 15 5l-7 4a3 3 0 1 0 0 6l7 4a3 3 0 1 0 3-3z"
          />
        </svg>
      </button>
      <div id="social-tab-links" className="social-tab-links" hidden={!open}>
        <SocialLinks facebookUrl={facebookUrl} instagramUrl={instagramUrl} moving={false} />
        {!hint.seen && <WidgetHint full={false} onDismiss={hint.dismiss} className="in-panel" />}
      </div>
    </nav>
  );
}

/**
 * The social bar in its full form: links to the clinic's two social-network pages. It starts on the
 * left at 85 % of the viewport's height; a double-click toggles move mode, in which it follows the
 * pointer (and the arrow keys, from its grip; Escape ends it). Kept whole inside the viewport.
 */
export function SocialBar({ facebookUrl, instagramUrl, aside }: { facebookUrl: string; instagramUrl: string; aside: boolean }) {
  const { t } = useTranslation('frame');
  const [moving, setMoving] = useState(false);
  const [announce, setAnnounce] = useState('');
  const barRef = useRef<HTMLElement>(null);
  const [pos, setPos] = useState<Point>(() => ({ x: 0, y: Math.round(viewport().h * WIDGETS.socialBarStartRatio) }));
  const drag = useRef<{ id: number; start: Point; origin: Point } | null>(null);
  useOnResize(() => {
    const el = barRef.current;
    if (el) setPos((p) => clampBar(p, el.offsetWidth, el.offsetHeight));
  });

  // The first layout knows the bar's height: centre it on the 85 % line, inside the viewport.
  useEffect(() => {
    const el = barRef.current;
    if (el) setPos((p) => clampBar({ x: p.x, y: p.y - el.offsetHeight / 2 }, el.offsetWidth, el.offsetHeight));
  }, []);

  const toggle = () => {
    setAnnounce(moving ? t('social.moveOff') : t('social.moveOn'));
    setMoving(!moving);
  };
  const onPointerDown = (e: ReactPointerEvent<HTMLElement>) => {
    if (!moving || e.button !== 0) return;
    e.preventDefault();
    capture(e.currentTarget, e.pointerId);
    drag.current = { id: e.pointerId, start: { x: e.clientX, y: e.clientY }, origin: pos };
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLElement>) => {
    const d = drag.current;
    const el = barRef.current;
    if (!d || d.id !== e.pointerId || !el) return;
    setPos(clampBar({ x: d.origin.x + e.clientX - d.start.x, y: d.origin.y + e.clientY - d.start.y }, el.offsetWidth, el.offsetHeight));
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onGripKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'Escape' && moving) {
      e.preventDefault();
      toggle();
      return;
    }
    const step = arrowStep(e);
    const el = barRef.current;
    if (!step || !moving || !el) return;
    e.preventDefault();
    setPos((p) => clampBar({ x: p.x + step.x, y: p.y + step.y }, el.offsetWidth, el.offsetHeight));
  };

  return (
    <nav
      ref={barRef}
      className={`social-bar${moving ? ' is-moving' : ''}`}
      aria-label={t('social.label')}
      style={{ left: pos.x, top: pos.y }}
      data-moving={moving}
      hidden={aside}
      onDoubleClick={(e) => {
        e.preventDefault();
        toggle();
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
    >
      <button
        type="button"
        className="social-grip"
        aria-pressed={moving}
        aria-label={t('social.move')}
        // Mouse clicks are left to the double-click; keyboard and assistive technology clicks (detail 0) toggle.
        onClick={(e) => {
          if (e.detail === 0) toggle();
        }}
        onKeyDown={onGripKey}
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 12" width="22" height="10">
          <g fill="currentColor">
            <circle cx="5" cy="3" r="1.6" />
            <circle cx="5" cy="9" r="1.6" />
            <circle cx="12" cy="3" r="1.6" />
            <circle cx="12" cy="9" r="1.6" />
            <circle cx="19" cy="3" r="1.6" />
            <circle cx="19" cy="9" r="1.6" />
          </g>
        </svg>
      </button>
      <SocialLinks facebookUrl={facebookUrl} instagramUrl={instagramUrl} moving={moving} />
      <span className="visually-hidden" aria-live="polite">
        {announce}
      </span>
    </nav>
  );
}

/** Both floating widgets, with the configuration's addresses; the bar only where it belongs. */
export function FloatingWidgets({
  route,
  config,
}: {
  route: PageRoute;
  config: { playlistUrl: string; social: { facebook: string; instagram: string } };
}) {
  const phone = usePhoneWidth();
  const full = useFullForm();
  const aside = useStepAside(!full);
  if (phone && CHAT_SCREENS.has(route.path)) return null;
  const bar = !isSocialBarHidden(route);
  return (
    <>
      <MusicPlayer playlistUrl={config.playlistUrl} full={full} aside={aside} />
      {bar && full && <SocialBar facebookUrl={config.social.facebook} instagramUrl={config.social.instagram} aside={aside} />}
      {bar && !full && <SocialTab facebookUrl={config.social.facebook} instagramUrl={config.social.instagram} aside={aside} />}
    </>
  );
}
