import type { Sponsor } from '@clinica/shared';
import { imageFields } from '../media/index.js';
import type { SponsorsRepository } from './sponsors.repository.js';

type Row = Awaited<ReturnType<SponsorsRepository['list']>>[number];

// The wire shape of the banner areas' list (decision 0037: the route maps, the service returns rows).
export const toSponsor = (r: Row): Sponsor => ({ id: r.id, nombre: r.nombre, enlace: r.enlace, ...imageFields(r) });
