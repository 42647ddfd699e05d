import type { PageRoute } from '@clinica/shared';

// Where the floating widgets are, read by the frame before the widgets' own chunk loads: the page
// keeps their edge free from its first paint (issue 23, decision 0043), so nothing moves when they
// arrive and they never cover a word or a control of the page.

/** Routes without the social bar: every administrator and doctor route, and three patient pages. */
const BAR_HIDDEN = new Set(['/Consultas', '/Citas_usuario', '/Recibo_pagos']);
export const isSocialBarHidden = (route: PageRoute) => route.group === 'admin' || route.group === 'doctor' || BAR_HIDDEN.has(route.path);

/**
 * The chat pages fill a phone's screen with the conversation and its message box docked at the
 * bottom (issue 20, decision 0034): no widget there on a phone (below 900 px).
 */
export const CHAT_SCREENS = new Set(['/ConsultaChat', '/Chat_Doctor']);

/**
 * The frame's `data-widgets` words: `player` (the music button and the session's floating timer, at
 * the right edge), `bar` (the social bar, at the left edge), `chat` (a chat screen). The CSS of
 * floating-widgets.css turns them into the page's side gutters.
 */
export const widgetPlaces = (route: PageRoute) => ['player', isSocialBarHidden(route) ? '' : 'bar', CHAT_SCREENS.has(route.path) ? 'chat' : ''].filter(Boolean).join(' ');
