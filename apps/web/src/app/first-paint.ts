/**
 * The moment the frame's first render has been painted (root-layout.tsx marks it). A signed-in page
 * the app opens on starts evaluating its chunk, catalogues and data modules only then (router.tsx):
 * their files are already on their way (the route's preload hints), but evaluating them and rendering
 * the page before the frame would hold the first paint (the header and the cookie banner, the
 * page's largest paint on a first visit) behind the page's whole first load (decision 0046, session 11).
 */
let markPainted: () => void = () => undefined;
export const framePainted = new Promise<void>((resolve) => {
  markPainted = resolve;
});

/** Called once the frame's first render is on screen; later calls do nothing. */
export function markFramePainted() {
  markPainted();
}
