/**
 * A schema built the first time it is used, not when its module is imported.
 *
 * Why: every module-level `z.object(...)` runs zod's constructors at import time (each field, check
 * and pipe is an object zod builds and wires up). A signed-in page imports a few schema modules for
 * the one or two response shapes it parses, and with them some 300 schemas it never uses on that
 * load: measured in Chromium at 4x CPU slowdown, evaluating them was one task of about 200 ms on
 * /consultas-virtuales, the longest of the page's load after React's own set-up (decision 0046,
 * session 15). Wrapped, a schema costs one Proxy until something reads it; the server and the
 * forms see the same object with the same behaviour (lazy-schema.test.ts).
 *
 * The Proxy forwards every operation to the built schema, so `parse`, `.check(...)`, `.shape`,
 * `z.extend(s, …)`, `instanceof` (zod's Symbol.hasInstance reads `_zod.traits`) and `z.infer`
 * types all behave as on the schema itself. Property descriptors are reported configurable: zod
 * defines `_zod` non-configurable on the real object, and a Proxy may not report a non-configurable
 * property its (empty) target lacks.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = () => (built ??= build());
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(schema(), key),
    set: (_target, key, value) => Reflect.set(schema(), key, value),
    has: (_target, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
