import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '@clinica/shared';
import { SPEC_SPONSOR_HIDDEN_PATHS, sponsorAreasHidden } from './sponsor-visibility.js';

describe('sponsor banner areas', () => {
  it('are hidden on every route docs/spec/staff.md lists and on every administrator and doctor page', () => {
    for (const path of SPEC_SPONSOR_HIDDEN_PATHS) expect(sponsorAreasHidden({ path, group: 'public' })).toBe(true);
    for (const route of PAGE_ROUTES.filter((r) => r.group === 'admin' || r.group === 'doctor')) {
      expect(sponsorAreasHidden(route), route.path).toBe(true);
    }
  });

  it('show on public and patient pages', () => {
    for (const path of ['/', '/noticias', '/medicina-general', '/psicologia', '/citas', '/Usuarios']) {
      const route = PAGE_ROUTES.find((r) => r.path === path)!;
      expect(sponsorAreasHidden(route), path).toBe(false);
    }
  });
});
