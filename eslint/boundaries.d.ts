// Types of eslint/boundaries.js (plain JavaScript so that eslint.config.js can load it without a build).
import type { Linter } from 'eslint';

export interface Zone {
  target: string;
  from: string | string[];
  except?: string[];
  message: string;
}
export function webZones(webSrc: string): Zone[];
export function serverZones(serverSrc: string): Zone[];
export const serverTestFiles: string[];
export const importResolver: unknown;
export const importSettings: NonNullable<Linter.Config['settings']>;
