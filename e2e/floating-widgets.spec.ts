import { request as playwrightRequest, type Browser, type Page } from '@playwright/test';
import { PAGE_ROUTES, type PageRoute } from '@clinica/shared';
import { test, expect, DEMO, DEMO_GENERAL_DOCTOR, login, payConsultationByPaypal, registerPatient } from './fixtures';
import { visitedBefore } from './frame-helpers';

// Issue 23, item 1 (decision 0043): on every route, at a phone's 360 × 740 (touch) and a laptop's
// 1366 × 768, the floating widgets (music button, social bar, the session's floating timer, the
// first-use hint) never overlap a link, button, form field or text of the page, at the top of the
// page and scrolled to its end; no page scrolls sideways; every tap target is at least 24 × 24 px
// (WCAG 2.5.8: an inline link in a sentence, or a smaller target with 24 px of room around it, passes).
// One browser context per role and width, signed in once, so the whole sweep stays within minutes.

test.describe.configure({ mode: 'parallel' });

const WIDTHS = {
  phone: { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true },
  laptop: { viewport: { width: 1366, height: 768 } },
} as const;

type Who = 'public' | 'patient' | 'admin' | 'doctor';

/** Every route of the web's one page table that `who` opens (public pages anonymously). */
const routesOf = (who: Who) => PAGE_ROUTES.filter((r) => r.group === who);

interface Problem {
  route: string;
  scroll: string;
  kind: 'overlap' | 'sideways' | 'small target';
  detail: string;
}

/**
 * Measured in the page: the widgets' boxes against every visible interactive element and every
 * line box of text outside them; the page's width; the size (and room) of every tap target.
 */
function measure(): { overlaps: string[]; sideways: string | null; small: string[]; rendered: boolean } {
  const WIDGETS = '[data-testid="music-player"], .social-bar, .floating-timer, .widget-hint';
  const TARGETS =
    'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=tab], [role=checkbox], [role=radio], [tabindex]:not([tabindex="-1"])';
  type Box = { left: number; top: number; right: number; bottom: number; width: number; height: number };
  const shown = (el: Element) => {
    if (!(el instanceof HTMLElement) && !(el instanceof SVGElement)) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none' && (el as HTMLElement).getClientRects().length > 0;
  };
  const real = (r: Box) => r.width >= 2 && r.height >= 2;
  const meets = (a: Box, b: Box) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  const label = (el: Element) => {
    const text = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${text}"`;
  };
  // Widgets: each box that is drawn (a hidden or folded widget covers nothing).
  const widgets = Array.from(document.querySelectorAll(WIDGETS)).filter((el) => shown(el)).map((el) => ({ el, box: el.getBoundingClientRect(), name: label(el) }));
  const inWidget = (n: Node) => (n instanceof Element ? n : n.parentElement)?.closest(WIDGETS) != null;
  const overlaps: string[] = [];

  // With a pop-up open the page behind it is inert: what can be touched is in the pop-up.
  const modal = document.querySelector('dialog[open]');
  const reachable = (el: Element) => !el.closest('[hidden], [inert]') && (!modal || modal.contains(el));
  const targets = Array.from(document.querySelectorAll(TARGETS)).filter((el) => !inWidget(el) && shown(el) && reachable(el));
  for (const el of targets) {
    const box = el.getBoundingClientRect();
    if (!real(box)) continue;
    for (const w of widgets) if (meets(box, w.box)) overlaps.push(`${w.name} covers ${label(el)}`);
  }
  // The part of the window an element can be seen in: inside every ancestor that clips its overflow.
  const clips = new Map<Element, Box>();
  const cut = (a: Box, b: Box): Box => {
    const left = Math.max(a.left, b.left);
    const top = Math.max(a.top, b.top);
    const right = Math.min(a.right, b.right);
    const bottom = Math.min(a.bottom, b.bottom);
    return { left, top, right, bottom, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
  };
  const clipOf = (el: Element | null): Box => {
    if (!el || el === document.documentElement) return { left: 0, top: 0, right: innerWidth, bottom: innerHeight, width: innerWidth, height: innerHeight };
    const known = clips.get(el);
    if (known) return known;
    const outer = clipOf(el.parentElement);
    const style = getComputedStyle(el);
    const clipped = el !== document.body && (style.overflowX !== 'visible' || style.overflowY !== 'visible');
    const box = clipped ? cut(outer, el.getBoundingClientRect()) : outer;
    clips.set(el, box);
    return box;
  };
  // Text: the line boxes of every visible text node (a range's client rects), outside the widgets.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.trim() || inWidget(node)) continue;
    const parent = node.parentElement;
    if (!parent || !shown(parent) || parent.closest('script, style, noscript, [hidden], [aria-hidden="true"] svg')) continue;
    range.selectNodeContents(node);
    const clip = clipOf(parent);
    for (const line of Array.from(range.getClientRects())) {
      // What a scrolling box (a wide table's) hides is not on the screen to be covered.
      const r = cut(line, clip);
      if (!real(r)) continue;
      const hit = widgets.find((w) => meets(r, w.box));
      if (hit) {
        overlaps.push(`${hit.name} covers the text "${node.textContent.trim().slice(0, 40)}"`);
        break;
      }
    }
  }

  const root = document.documentElement;
  const sideways = root.scrollWidth > root.clientWidth + 1 ? `the page is ${root.scrollWidth} px wide in a ${root.clientWidth} px window` : null;

  // Tap targets (WCAG 2.5.8): 24 × 24, or an inline link in running text, or 24 px of room.
  const small: string[] = [];
  const all = targets.concat(Array.from(document.querySelectorAll(TARGETS)).filter((el) => inWidget(el) && shown(el)));
  const boxes = all.map((el) => ({ el, box: el.getBoundingClientRect() })).filter((t) => real(t.box) && t.box.bottom > -root.scrollTop);
  for (const { el, box } of boxes) {
    if (box.width >= 23.5 && box.height >= 23.5) continue;
    // In a sentence: its height is the line's (inline, or an inline-block link-button in running text).
    const inline = getComputedStyle(el).display.startsWith('inline') && (el.parentElement?.textContent ?? '').trim().length > (el.textContent ?? '').trim().length;
    if (inline) continue;
    const cx = box.left + box.width / 2;
    const cy = box.top + box.height / 2;
    const room = { left: cx - 12, right: cx + 12, top: cy - 12, bottom: cy + 12, width: 24, height: 24 };
    const crowded = boxes.find((o) => o.el !== el && !o.el.contains(el) && !el.contains(o.el) && meets(room, o.box));
    if (crowded) small.push(`${label(el)} is ${Math.round(box.width)} × ${Math.round(box.height)} px, next to ${label(crowded.el)}`);
  }
  return { overlaps, sideways, small, rendered: document.querySelector('[data-testid="music-player"]') !== null };
}

async function settle(page: Page) {
  // The page's data, then the widgets (they load once the page is idle).
  await page.waitForLoadState('networkidle', { timeout: 8_000 }).catch(() => undefined);
  await page.locator('[data-testid="music-player"]').waitFor({ state: 'attached', timeout: 5_000 }).catch(() => undefined);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Seeded data, before any sweep (each worker): a patient with a consultation paid by PayPal with
 * the demo doctor (an open chat, a receipt), so the patient's, the doctor's and the administrators'
 * lists have rows.
 */
let seeded: { creds: { email: string; password: string }; token: string } | undefined;
test.beforeAll(async ({ baseURL }) => {
  const request = await playwrightRequest.newContext({ baseURL });
  const creds = await registerPatient(request);
  const signedIn = await request.post('/api/auth/login', { data: creds });
  expect(signedIn.status()).toBe(200);
  const token = await payConsultationByPaypal(request, DEMO_GENERAL_DOCTOR, 'Dolor de cabeza desde ayer');
  await request.dispose();
  seeded = { creds, token };
});

/** Visits every route of `who` at `width`, and returns what is wrong on each. */
async function sweep(browser: Browser, baseURL: string, who: Who, width: keyof typeof WIDTHS) {
  const context = await browser.newContext({ ...WIDTHS[width], baseURL });
  const page = await context.newPage();
  await visitedBefore(page, context, baseURL);
  const query: Record<string, string> = {};
  if (who === 'patient') {
    await login(page, 'patient', seeded!.creds);
    query['/ConsultaChat'] = `?consulta=${seeded!.token}`;
  }
  if (who === 'admin') await login(page, 'admin', DEMO.admin);
  if (who === 'doctor') await login(page, 'doctor', DEMO.doctor);

  const problems: Problem[] = [];
  const widgetsSeen = new Set<string>();
  for (const route of routesOf(who)) {
    await page.goto(route.path + (query[route.path] ?? ''));
    await settle(page);
    for (const scroll of ['top', 'end'] as const) {
      if (scroll === 'end') {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      }
      const found = await page.evaluate(measure);
      if (found.rendered) widgetsSeen.add(route.path);
      for (const detail of found.overlaps) problems.push({ route: route.path, scroll, kind: 'overlap', detail });
      if (found.sideways && scroll === 'top') problems.push({ route: route.path, scroll, kind: 'sideways', detail: found.sideways });
      if (scroll === 'top') for (const detail of found.small) problems.push({ route: route.path, scroll, kind: 'small target', detail });
    }
  }
  await context.close();
  return { problems, widgetsSeen };
}

/** Chat screens on a phone show no widget at all (decision 0034); every other page shows them. */
const expectsWidgets = (route: PageRoute, width: keyof typeof WIDTHS) => !(width === 'phone' && ['/ConsultaChat', '/Chat_Doctor'].includes(route.path));

for (const width of Object.keys(WIDTHS) as (keyof typeof WIDTHS)[]) {
  for (const who of ['public', 'patient', 'admin', 'doctor'] as const) {
    test(`${who} pages at ${WIDTHS[width].viewport.width} px: the widgets cover nothing, nothing scrolls sideways, tap targets are 24 px`, async ({ browser, baseURL }) => {
      test.setTimeout(240_000);
      const { problems, widgetsSeen } = await sweep(browser, baseURL!, who, width);
      // The sweep measured the widgets themselves: a page without them would prove nothing.
      const missing = routesOf(who)
        .filter((r) => expectsWidgets(r, width) && !widgetsSeen.has(r.path))
        .map((r) => r.path);
      expect(missing, 'routes where no widget was drawn').toEqual([]);
      expect(problems.map((p) => `${p.route} (${p.scroll}) ${p.kind}: ${p.detail}`)).toEqual([]);
    });
  }
}

test('the sweep sees a covered page: a widget moved over the text and a button is reported', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ ...WIDTHS.phone, baseURL });
  const page = await context.newPage();
  await visitedBefore(page, context, baseURL!);
  await page.goto('/');
  await settle(page);
  expect((await page.evaluate(measure)).overlaps).toEqual([]);
  // The music tab dragged over the page's first heading and its header's menu button.
  await page.addStyleTag({ content: '.music-player { top: 60px !important; right: 40px !important; width: 200px !important; height: 120px !important }' });
  const found = await page.evaluate(measure);
  expect(found.overlaps.length).toBeGreaterThan(0);
  expect(found.overlaps.join('\n')).toMatch(/covers (the text|button|a)/);
  await context.close();
});
