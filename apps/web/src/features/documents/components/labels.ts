import type { COUNTRIES } from '@clinica/shared';
import { SOURCE_LANGUAGE, useLanguage } from '../../../lib/i18n.js';

/** 'Datos del paciente' -> 'datosDelPaciente', 'Consulta General' -> 'consultaGeneral': catalogue keys of shared Spanish values. */
export const keyOf = (spanish: string) =>
  spanish
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()))
    .join('');

type CountryName = (typeof COUNTRIES)[number]['name'];

/** ISO 3166 region of each country of the phone code list, to name it in the current language. */
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

/** The shown name of a country in the current language; Spanish shows the shared list's own names. */
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
