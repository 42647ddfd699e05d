import type { COUNTRIES } from '@clinica/shared';
import { SOURCE_LANGUAGE, useLanguage } from './i18n.js';

export type CountryName = (typeof COUNTRIES)[number]['name'];

/** ISO 3166 region of each country of the shared list, to name it in the current language. */
const REGION: Record<CountryName, string> = {
  Argentina: 'AR',
  Bolivia: 'BO',
  Brasil: 'BR',
  Chile: 'CL',
  Colombia: 'CO',
  'Costa Rica': 'CR',
  Cuba: 'CU',
  Ecuador: 'EC',
  'El Salvador': 'SV',
  Guatemala: 'GT',
  Honduras: 'HN',
  México: 'MX',
  Nicaragua: 'NI',
  Panamá: 'PA',
  Paraguay: 'PY',
  Perú: 'PE',
  'Puerto Rico': 'PR',
  'República Dominicana': 'DO',
  Uruguay: 'UY',
  Venezuela: 'VE',
};

const displayNames = new Map<string, Intl.DisplayNames>();

/**
 * The shown name of a country in the current language (the value sent to the server stays the
 * Spanish name). Spanish shows the shared list's own names.
 */
export function useCountryName(): (name: CountryName) => string {
  const language = useLanguage();
  if (language === SOURCE_LANGUAGE) return (name) => name;
  let names = displayNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region' });
    displayNames.set(language, names);
  }
  const of = names;
  return (name) => of.of(REGION[name]) ?? name;
}
