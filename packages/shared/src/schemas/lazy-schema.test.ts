import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema.js';
import { messages } from '../messages.js';
import { consultationRequestSchema } from './consultations.schema.js';

describe('lazySchema', () => {
  it('builds nothing until the schema is first used, then builds it once', () => {
    let builds = 0;
    const schema = lazySchema(() => {
      builds += 1;
      return z.object({ nombre: z.string() });
    });
    expect(builds).toBe(0);
    expect(schema.parse({ nombre: 'Ana' })).toEqual({ nombre: 'Ana' });
    expect(schema.safeParse({ nombre: 3 }).success).toBe(false);
    expect(builds).toBe(1);
  });

  it('behaves as the schema it builds: checks, extend, pick, shape, instanceof, composition', () => {
    const base = lazySchema(() => z.object({ nombre: z.string().check(z.minLength(2, messages.missingFields)) }));
    const extended = z.extend(base, { edad: z.number() });
    expect(extended.parse({ nombre: 'Ana', edad: 30 })).toEqual({ nombre: 'Ana', edad: 30 });
    expect(z.pick(extended, { edad: true }).parse({ edad: 1 })).toEqual({ edad: 1 });
    expect(Object.keys(base.shape)).toEqual(['nombre']);
    expect(base instanceof z.ZodMiniObject).toBe(true);
    expect(base instanceof z.ZodMiniString).toBe(false);
    const short = base.safeParse({ nombre: 'A' });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe(messages.missingFields);
    // A lazy schema inside another (the way the shared modules compose them) and in a union.
    const wrapper = z.object({ persona: base, lista: z.array(base) });
    expect(wrapper.parse({ persona: { nombre: 'Ana' }, lista: [{ nombre: 'Luis' }] }).lista[0]?.nombre).toBe('Luis');
    const either = z.union([base, lazySchema(() => z.literal('ninguno'))]);
    expect(either.parse('ninguno')).toBe('ninguno');
    const checked = base.check(z.refine((v) => v.nombre !== 'Nadie', { message: messages.invalidChoice }));
    expect(checked.safeParse({ nombre: 'Nadie' }).error?.issues[0]?.message).toBe(messages.invalidChoice);
  });

  it('answers reflection the way a plain object does (keys, descriptors, prototype)', () => {
    const plain = z.object({ a: z.string() });
    const lazy = lazySchema(() => z.object({ a: z.string() }));
    expect(Reflect.ownKeys(lazy)).toEqual(Reflect.ownKeys(plain));
    expect(Object.getPrototypeOf(lazy)).toBe(Object.getPrototypeOf(plain));
    expect('_zod' in lazy).toBe(true);
    expect(Object.getOwnPropertyDescriptor(lazy, '_zod')?.value).toBe(lazy._zod);
  });

  it('keeps a shared schema’s messages: the consultation request refuses an empty form in Spanish', () => {
    const result = consultationRequestSchema.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(messages.missingFields);
  });
});
