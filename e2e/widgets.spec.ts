import type { Locator, Page } from '@playwright/test';
import { PAGE_ROUTES, WIDGETS } from '@clinica/shared';
import { test, expect, DEMO, login } from './fixtures';
import { visitedBefore } from './frame-helpers';

// The floating widgets (issue 9, docs/spec/patient-and-public.md "Floating widgets"): the music player's
// start position, long-press drag and clamp (a short press does not drag, it toggles the player),
// keyboard moves; the social bar's start, double-click move mode and where it is hidden.

const SIZE = 56;

test.beforeEach(async ({ page, context, baseURL }) => {
  await visitedBefore(page, context, baseURL!);
  await page.clock.install();
});

const playerButton = (page: Page) => page.getByRole('button', { name: /reproductor de música/ });
const socialBar = (page: Page) => page.getByRole('navigation', { name: 'Redes sociales de la clínica' });

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b).not.toBeNull();
  return b!;
}

/**
 * Presses the mouse on the element's centre for `holdMs` of the page's (installed) clock, moves by
 * (dx, dy) in steps, releases. The fake clock makes a short press short however busy the machine is.
 */
async function pressAndMove(page: Page, target: Locator, holdMs: number, dx: number, dy: number) {
  const b = await box(target);
  const x = b.x + b.width / 2;
  const y = b.y + b.height / 2;
  await page.mouse.move(x, y);
  // Paused, the page's clock moves only by runFor: a short press stays short on a busy machine.
  // Ahead of the page's own time (not the test's): earlier presses moved the page's clock on.
  const pageNow = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(new Date(pageNow + 1_000));
  await page.mouse.down();
  await page.clock.runFor(holdMs);
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
  await page.clock.resume();
}

test('the music player starts 115 px from the bottom and 110 px from the right, and its player loads only when opened', async ({ page }) => {
  await page.goto('/');
  const button = playerButton(page);
  await expect(button).toBeVisible();
  const viewport = page.viewportSize()!;
  const b = await box(button);
  expect(Math.round(viewport.width - (b.x + b.width))).toBe(WIDGETS.playerStartRightPx);
  expect(Math.round(viewport.height - (b.y + b.height))).toBe(WIDGETS.playerStartBottomPx);

  await expect(page.locator('#music-player-panel iframe')).toHaveCount(0);
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.click();
  await expect(page.getByRole('button', { name: 'Cerrar el reproductor de música' })).toHaveAttribute('aria-expanded', 'true');
  const frame = page.locator('#music-player-panel iframe');
  await expect(frame).toHaveAttribute('title', 'Lista de reproducción de la clínica');
  await expect(frame).toHaveAttribute('src', /youtube-nocookie\.com\/embed\//);
  await page.getByRole('button', { name: 'Cerrar el reproductor de música' }).click();
  await expect(page.locator('#music-player-panel')).toBeHidden();
});

test('a short press does not drag the player (it toggles it); a press of 300 ms or more drags it, clamped 100 px from every edge', async ({ page }) => {
  await page.goto('/noticias');
  const button = playerButton(page);
  await expect(button).toBeVisible();
  const start = await box(button);

  // Short press with a move: no drag; it is a click on the player.
  await pressAndMove(page, button, 80, -150, -120);
  expect(await box(button)).toEqual(start);
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await button.click(); // close again
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  // Long press: the button follows the pointer, and the release does not toggle the player.
  await pressAndMove(page, button, WIDGETS.longPressMs + 150, -200, -150);
  const moved = await box(button);
  expect(Math.round(moved.x)).toBe(Math.round(start.x - 200));
  expect(Math.round(moved.y)).toBe(Math.round(start.y - 150));
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  // Clamp: dragged far beyond the top-left and the bottom-right corners.
  const viewport = page.viewportSize()!;
  await pressAndMove(page, button, WIDGETS.longPressMs + 150, -3000, -3000);
  expect(await box(button)).toMatchObject({ x: WIDGETS.dragClampPx, y: WIDGETS.dragClampPx });
  await pressAndMove(page, button, WIDGETS.longPressMs + 150, 3000, 3000);
  expect(await box(button)).toMatchObject({ x: viewport.width - WIDGETS.dragClampPx - SIZE, y: viewport.height - WIDGETS.dragClampPx - SIZE });
});

// Touch at 1280 px: the full form (decision 0043); below 1200 px the player is a tab (e2e/touch-and-forms.spec.ts).
test('touch: a long press drags the player too; as a tab, up and down its edge', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ hasTouch: true, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await visitedBefore(page, context, baseURL!);
  await page.goto('/psicologia');
  const button = playerButton(page);
  await expect(button).toBeVisible();
  const start = await box(button);
  const x = start.x + SIZE / 2;
  const y = start.y + SIZE / 2;
  // Touch pointer events, as a finger produces them (Playwright's touchscreen only taps).
  const touch = (type: string, cx: number, cy: number) =>
    button.dispatchEvent(type, { pointerId: 7, pointerType: 'touch', isPrimary: true, button: 0, buttons: type === 'pointerup' ? 0 : 1, clientX: cx, clientY: cy, bubbles: true });
  await touch('pointerdown', x, y);
  await page.waitForTimeout(WIDGETS.longPressMs + 150); // real time: this page has no fake clock
  await touch('pointermove', x - 100, y - 200);
  await touch('pointerup', x - 100, y - 200);
  const moved = await box(button);
  expect(Math.round(moved.x)).toBe(Math.round(start.x - 100));
  expect(Math.round(moved.y)).toBe(Math.round(start.y - 200));

  // A phone's width: the 24 × 48 tab at the right edge; the same press slides it up, never off the edge.
  await page.setViewportSize({ width: 400, height: 800 });
  await expect(button).toHaveCSS('width', '24px');
  const tab = await box(button);
  expect(Math.round(tab.x + tab.width)).toBe(400);
  const tx = tab.x + tab.width / 2;
  const ty = tab.y + tab.height / 2;
  await touch('pointerdown', tx, ty);
  await page.waitForTimeout(WIDGETS.longPressMs + 150);
  await touch('pointermove', tx - 100, ty - 200);
  await touch('pointerup', tx - 100, ty - 200);
  const slid = await box(button);
  expect(Math.round(slid.x + slid.width)).toBe(400);
  expect(Math.round(slid.y)).toBe(Math.round(tab.y - 200));
  await context.close();
});

test('the player moves with the arrow keys, within the same clamp', async ({ page }) => {
  await page.goto('/');
  const button = playerButton(page);
  await expect(button).toBeVisible();
  const start = await box(button);
  await button.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  expect(await box(button)).toMatchObject({ x: start.x - 10, y: start.y - 10 });
  for (let i = 0; i < 6; i++) await page.keyboard.press('Shift+ArrowDown');
  expect((await box(button)).y).toBe(page.viewportSize()!.height - WIDGETS.dragClampPx - SIZE);
});

test('the social bar starts on the left at 85 % of the height; a double-click toggles move mode', async ({ page, context }) => {
  await page.goto('/');
  const bar = socialBar(page);
  await expect(bar).toBeVisible();
  const links = bar.getByRole('link');
  await expect(links).toHaveCount(2);
  await expect(links.first()).toHaveAttribute('href', /facebook\.com/);
  await expect(links.nth(1)).toHaveAttribute('href', /instagram\.com/);
  const viewport = page.viewportSize()!;
  const start = await box(bar);
  expect(start.x).toBe(0);
  expect(Math.abs(start.y + start.height / 2 - viewport.height * WIDGETS.socialBarStartRatio)).toBeLessThanOrEqual(1);

  // Not in move mode: a drag does not move it.
  const grip = bar.getByRole('button', { name: 'Mover la barra de redes sociales' });
  await pressAndMove(page, grip, 50, 300, -200);
  expect(await box(bar)).toMatchObject({ x: start.x, y: start.y });

  // Double-click: move mode; the bar follows the pointer; a link does not open while moving.
  await grip.dblclick();
  await expect(bar).toHaveAttribute('data-moving', 'true');
  await expect(grip).toHaveAttribute('aria-pressed', 'true');
  await pressAndMove(page, grip, 50, 300, -200);
  const moved = await box(bar);
  expect(Math.round(moved.x)).toBe(300);
  expect(Math.round(moved.y)).toBe(Math.round(start.y - 200));
  const pages = context.pages().length;
  await links.first().click();
  expect(context.pages().length).toBe(pages);

  // Double-click again: move mode ends and the bar stays where it is.
  await grip.dblclick();
  await expect(bar).toHaveAttribute('data-moving', 'false');
  await pressAndMove(page, grip, 50, 200, 100);
  expect(await box(bar)).toMatchObject({ x: moved.x, y: moved.y });

  // Keyboard: Enter toggles move mode on the grip, arrows move, Escape ends.
  await grip.focus();
  await page.keyboard.press('Enter');
  await expect(bar).toHaveAttribute('data-moving', 'true');
  await page.keyboard.press('ArrowRight');
  expect(Math.round((await box(bar)).x)).toBe(310);
  await page.keyboard.press('Escape');
  await expect(bar).toHaveAttribute('data-moving', 'false');
});

/** Routes where the social bar must not be: every admin and doctor route, /Consultas, /Citas_usuario, /Recibo_pagos. */
const HIDDEN = PAGE_ROUTES.filter((r) => r.group === 'admin' || r.group === 'doctor' || ['/Consultas', '/Citas_usuario', '/Recibo_pagos'].includes(r.path));

test('the social bar is absent on every administrator and doctor route and on /Consultas, /Citas_usuario and /Recibo_pagos', async ({ page }) => {
  test.setTimeout(240_000);
  await login(page, 'admin', DEMO.admin);
  await login(page, 'doctor', DEMO.doctor);
  await login(page, 'patient', DEMO.patient);
  // A page that has it, as a control: the widgets have loaded when the player shows.
  await page.goto('/');
  await expect(socialBar(page)).toBeVisible();
  for (const route of HIDDEN) {
    await page.goto(route.path);
    await expect(playerButton(page), route.path).toBeVisible();
    await expect(page, route.path).toHaveURL(new RegExp(`${route.path}$`));
    await expect(socialBar(page), route.path).toHaveCount(0);
  }
  // And it is back on a patient page that keeps it.
  await page.goto('/Usuarios');
  await expect(socialBar(page)).toBeVisible();
});
