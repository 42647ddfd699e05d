import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { consultationsPlugin } from './modules/consultations/index.js';
import { MODULE_PLUGINS } from './modules.js';

/** A plugin that only carries a name, standing for the infrastructure or a module already registered. */
const present = (name: string) => fp(async () => undefined, { name });

/** The plugin's declared name and dependencies (fastify-plugin's metadata). */
const metaOf = (plugin: object) =>
  (plugin as { [key: symbol]: { name?: string; dependencies?: string[] } })[Symbol.for('plugin-meta')] ?? {};
const nameOf = (plugin: object) => metaOf(plugin).name;

describe('module plugins declare what they need, and the app does not start without it', () => {
  it('every module plugin registered alone is refused at start-up, naming itself', async () => {
    for (const plugin of MODULE_PLUGINS) {
      const app = Fastify({ logger: false });
      app.register(plugin);
      await expect(app.ready(), nameOf(plugin)).rejects.toMatchObject({
        code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED',
        message: expect.stringContaining(`of plugin '${nameOf(plugin)}' is not registered`),
      });
      await app.close().catch(() => undefined);
    }
  });

  it('consultations without the payments module before it: refused, naming the missing dependency', async () => {
    const app = Fastify({ logger: false });
    for (const name of ['config', 'db', 'doctors', 'mailer', 'sessions', 'two-factor', 'audit']) app.register(present(name));
    app.register(consultationsPlugin);
    await expect(app.ready()).rejects.toThrow("The dependency 'payments' of plugin 'consultations' is not registered");
    await app.close().catch(() => undefined);
  });

  it('every module with staff routes declares the two-factor gate, so it cannot be registered ungated', () => {
    // Routes open to patients or to anybody only (the gate concerns staff sessions).
    const withoutStaffRoutes = new Set(['mailer', 'audit', 'two-factor', 'health', 'site', 'media', 'email-verification', 'reminders']);
    const ungated = MODULE_PLUGINS.filter(
      (p) => !withoutStaffRoutes.has(nameOf(p) ?? '') && !(metaOf(p).dependencies ?? []).includes('two-factor'),
    ).map(nameOf);
    expect(ungated).toEqual([]);
  });

  it('a module registered before the two-factor gate: refused at start-up', async () => {
    const app = Fastify({ logger: false });
    for (const name of ['config', 'db', 'storage', 'sessions', 'audit']) app.register(present(name));
    app.register(MODULE_PLUGINS.find((p) => nameOf(p) === 'records')!);
    await expect(app.ready()).rejects.toThrow("The dependency 'two-factor' of plugin 'records' is not registered");
    await app.close().catch(() => undefined);
  });

  it('every module plugin has its own name', () => {
    const names = MODULE_PLUGINS.map(nameOf);
    expect(names.every((n) => typeof n === 'string' && n.length > 0)).toBe(true);
    expect(new Set(names).size).toBe(names.length);
  });
});
