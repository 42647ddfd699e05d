/**
 * Yappy's payment button (Botón de Pago Yappy v2) is a web component, `<btn-yappy>`, defined by a
 * script Yappy serves (its CDN in production, the server's stand-in in the demo and the tests; the
 * address is the server's configuration). The script is added to the document only when a patient
 * chooses Yappy, never with a page: no page's first load pays for it (bench/budgets.json).
 */

/** The element's interface as Yappy documents it: a loading flag and the order handed over on click. */
export interface YappyButtonElement extends HTMLElement {
  /** Shows the button's own spinner while the page asks the server for the order. */
  isButtonLoading?: boolean;
  /** Hands the order the server created to the component, which then asks the patient's app to pay it. */
  eventPayment: (order: { transactionId: string; documentName: string; token: string }) => void;
}

export const YAPPY_ELEMENT = 'btn-yappy';

/** One load per script address for the life of the page; a failed load may be tried again. */
const loads = new Map<string, Promise<void>>();

/**
 * Adds Yappy's script (a module, as Yappy ships it) once and resolves when `<btn-yappy>` is defined.
 * Rejects when the script cannot be fetched or does not define the element within `timeoutMs`.
 */
export function loadYappyButton(src: string, timeoutMs = 20_000): Promise<void> {
  if (customElements.get(YAPPY_ELEMENT)) return Promise.resolve();
  const known = loads.get(src);
  if (known) return known;
  const load = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.type = 'module';
    script.src = src;
    const timer = setTimeout(() => fail(new Error('Yappy button script timed out')), timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      script.remove();
      loads.delete(src);
      reject(error);
    };
    script.addEventListener('error', () => fail(new Error('Yappy button script failed to load')));
    void customElements.whenDefined(YAPPY_ELEMENT).then(() => {
      clearTimeout(timer);
      resolve();
    });
    document.head.append(script);
  });
  loads.set(src, load);
  return load;
}
