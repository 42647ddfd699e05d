import { useEffect, useState } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { whenIdle } from './idle.js';

/**
 * Validation that loads after the page's first paint. zod and a form's resolver weigh ~37 kB gzip;
 * a page whose first screen is text (the /citas hours, say) shows it without waiting for them
 * (decision 0015). The schema is still the shared one the route uses; only its loading moves.
 */

/** A react-hook-form resolver that waits for its real one (zod's, in a chunk of the page) on first use. */
export function lazyResolver<TIn extends FieldValues, TContext, TOut>(
  load: () => Promise<Resolver<TIn, TContext, TOut>>,
): Resolver<TIn, TContext, TOut> {
  return async (values, context, options) => (await load())(values, context, options);
}

/**
 * The validation module, asked for once the page has painted and the browser is idle (`whenIdle`).
 * `failed` when it could not be fetched (the connection dropped): the page says so rather than
 * offering a form it cannot check.
 */
export function useLazyModule<M>(load: () => Promise<M>): { module: M | undefined; failed: boolean } {
  const [state, setState] = useState<{ module: M | undefined; failed: boolean }>({ module: undefined, failed: false });
  useEffect(() => {
    let live = true;
    const cancel = whenIdle(() => {
      load().then(
        (module) => live && setState({ module, failed: false }),
        () => live && setState({ module: undefined, failed: true }),
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [load]);
  return state;
}
