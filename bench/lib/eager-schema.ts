/**
 * bench/main-thread.ts's baseline: `lazySchema` as it was before decision 0046's session 15, every
 * shared schema built when its module is imported. Swapped in for
 * packages/shared/src/schemas/lazy-schema.ts by an alias of the baseline's build only.
 */
export function lazySchema<T extends object>(build: () => T): T {
  return build();
}
