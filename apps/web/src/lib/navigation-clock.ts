/**
 * Milliseconds left until `at` ms after the page's navigation started (performance.timeOrigin):
 * a delay the specification counts from the page's opening, not from when the app's script ran
 * (on a slow phone the script starts seconds late, issue 23). Never negative.
 */
export const untilSinceNavigation = (at: number, now: number = performance.now()) => Math.max(0, Math.round(at - now));
