import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent, type RefObject, type PointerEvent as ReactPointerEvent } from 'react';
import { WIDGETS, type PageRoute } from '@clinica/shared';
import { useTranslation } from '../../lib/i18n.js';
import './floating-widgets.css';

// Loaded after the page (root-layout.tsx), so the widgets cost the first load nothing.

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

/** Keeps a widget inside the viewport when the window shrinks. */
function useReclamp(ref: RefObject<HTMLElement | null>, clamp: (p: Point, w: number, h: number) => Point, setPos: (f: (p: Point) => Point) => void) {
  useEffect(() => {
    const onResize = () => {
      const el = ref.current;
      if (el) setPos((p) => clamp(p, el.offsetWidth, el.offsetHeight));
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [ref, clamp, setPos]);
}

const PLAYER_SIZE = 56;
const clampPlayer = (p: Point, w: number, h: number) => clampToViewport(p, w, h, WIDGETS.dragClampPx);

/**
 * The music player button (docs/spec/patient-and-public.md, "Floating widgets"): toggles a hidden embedded
 * playlist player, which loads only when first opened. It starts 115 px from the bottom and 110 px
 * from the right; a press of 300 ms or more lets it be dragged (mouse, touch and pen alike through
 * pointer events), always 100 px from every viewport edge. Arrow keys move it too.
 */
export function MusicPlayer({ playlistUrl }: { playlistUrl: string }) {
  const { t } = useTranslation('frame');
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [pos, setPos] = useState<Point>(() => {
    const vp = viewport();
    return clampPlayer({ x: vp.w - WIDGETS.playerStartRightPx - PLAYER_SIZE, y: vp.h - WIDGETS.playerStartBottomPx - PLAYER_SIZE }, PLAYER_SIZE, PLAYER_SIZE);
  });
  const buttonRef = useRef<HTMLButtonElement>(null);
  const press = useRef<{ id: number; start: Point; origin: Point; timer: number; armed: boolean } | null>(null);
  const suppressClick = useRef(false);
  useReclamp(buttonRef, clampPlayer, setPos);

  const size = () => ({ w: buttonRef.current?.offsetWidth ?? PLAYER_SIZE, h: buttonRef.current?.offsetHeight ?? PLAYER_SIZE });

  const onPointerDown = (e: ReactPointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    capture(e.currentTarget, e.pointerId);
    const timer = window.setTimeout(() => {
      if (press.current) press.current.armed = true;
      setDragging(true);
    }, WIDGETS.longPressMs);
    press.current = { id: e.pointerId, start: { x: e.clientX, y: e.clientY }, origin: pos, timer, armed: false };
    suppressClick.current = false;
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLButtonElement>) => {
    const p = press.current;
    if (!p || p.id !== e.pointerId || !p.armed) return;
    const { w, h } = size();
    setPos(clampPlayer({ x: p.origin.x + e.clientX - p.start.x, y: p.origin.y + e.clientY - p.start.y }, w, h));
  };
  const endPress = (e: ReactPointerEvent<HTMLButtonElement>) => {
    const p = press.current;
    if (!p || p.id !== e.pointerId) return;
    window.clearTimeout(p.timer);
    // A long press is a drag, not a click on the player.
    suppressClick.current = p.armed;
    press.current = null;
    setDragging(false);
  };

  const onClick = () => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    setLoaded(true);
    setOpen((o) => !o);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = arrowStep(e);
    if (!step) return;
    e.preventDefault();
    const { w, h } = size();
    setPos((p) => clampPlayer({ x: p.x + step.x, y: p.y + step.y }, w, h));
  };

  // The panel opens on the side of the button with more room.
  const above = pos.y > viewport().h / 2;
  const toLeft = pos.x > viewport().w / 2;

  return (
    <div className="music-player" style={{ left: pos.x, top: pos.y }} data-testid="music-player">
      <button
        ref={buttonRef}
        type="button"
        className={`music-player-button${dragging ? ' is-dragging' : ''}`}
        aria-expanded={open}
        aria-controls="music-player-panel"
        aria-label={open ? t('player.close') : t('player.open')}
        aria-describedby="music-player-hint"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endPress}
        onPointerCancel={endPress}
        onClick={onClick}
        onKeyDown={onKeyDown}
        onContextMenu={(e) => e.preventDefault()}
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="28" height="28">
          <path fill="currentColor" d="M9 3v10.55A4 4 0 1 0 11 17V7h6V3z" />
        </svg>
      </button>
      <span id="music-player-hint" className="visually-hidden">
        {t('player.hint')}
      </span>
      <div
        id="music-player-panel"
        className={`music-player-panel${above ? ' is-above' : ' is-below'}${toLeft ? ' is-left' : ' is-right'}`}
        hidden={!open}
      >
        {loaded && <iframe src={playlistUrl} title={t('player.frame')} allow="autoplay; encrypted-media" loading="lazy" />}
      </div>
    </div>
  );
}

/** Routes without the social bar: every administrator and doctor route, and three patient pages. */
const BAR_HIDDEN = new Set(['/Consultas', '/Citas_usuario', '/Recibo_pagos']);
export const isSocialBarHidden = (route: PageRoute) => route.group === 'admin' || route.group === 'doctor' || BAR_HIDDEN.has(route.path);

const clampBar = (p: Point, w: number, h: number) => clampToViewport(p, w, h, 0);

/**
 * The social bar: links to the clinic's two social-network pages. It starts on the left at 85 % of
 * the viewport's height; a double-click toggles move mode, in which it follows the pointer (and the
 * arrow keys, from its grip; Escape ends it). Kept whole inside the viewport.
 */
export function SocialBar({ facebookUrl, instagramUrl }: { facebookUrl: string; instagramUrl: string }) {
  const { t } = useTranslation('frame');
  const [moving, setMoving] = useState(false);
  const [announce, setAnnounce] = useState('');
  const barRef = useRef<HTMLElement>(null);
  const [pos, setPos] = useState<Point>(() => ({ x: 0, y: Math.round(viewport().h * WIDGETS.socialBarStartRatio) }));
  const drag = useRef<{ id: number; start: Point; origin: Point } | null>(null);
  useReclamp(barRef, clampBar, setPos);

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
        <svg aria-hidden="true" focusable="false" viewBox="0 0 12 24" width="10" height="22">
          <g fill="currentColor">
            <circle cx="3" cy="5" r="1.6" />
            <circle cx="9" cy="5" r="1.6" />
            <circle cx="3" cy="12" r="1.6" />
            <circle cx="9" cy="12" r="1.6" />
            <circle cx="3" cy="19" r="1.6" />
            <circle cx="9" cy="19" r="1.6" />
          </g>
        </svg>
      </button>
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
      <span className="visually-hidden" aria-live="polite">
        {announce}
      </span>
    </nav>
  );
}

/**
 * The chat pages fill a phone's screen with the conversation and its message box docked at the
 * bottom (issue 20, decision 0034): a widget there would cover the box or catch a tap meant for it.
 */
const CHAT_SCREENS = new Set(['/ConsultaChat', '/Chat_Doctor']);
const PHONE_QUERY = '(max-width: 899.98px)';
const subscribePhone = (onChange: () => void) => {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const usePhoneWidth = () => useSyncExternalStore(subscribePhone, () => window.matchMedia(PHONE_QUERY).matches, () => false);

/** Both floating widgets, with the configuration's addresses; the bar only where it belongs. */
export function FloatingWidgets({
  route,
  config,
}: {
  route: PageRoute;
  config: { playlistUrl: string; social: { facebook: string; instagram: string } };
}) {
  const phone = usePhoneWidth();
  if (phone && CHAT_SCREENS.has(route.path)) return null;
  return (
    <>
      <MusicPlayer playlistUrl={config.playlistUrl} />
      {!isSocialBarHidden(route) && <SocialBar facebookUrl={config.social.facebook} instagramUrl={config.social.instagram} />}
    </>
  );
}
