import { CORRECTABLE_FIELDS, type CorrectableField } from '@clinica/shared';
import { useTranslation } from '../../../lib/i18n.js';
import { useCountryName, type CountryName } from '../../../lib/country-names.js';

/** The feature's texts, and a corrected value as a person reads it (a country or a gender by its name). */
export function useDataRequestsText() {
  const { t } = useTranslation('data-requests');
  const countryName = useCountryName();
  const valueOf = (field: string, value: string | number) => {
    if (field === 'genero') return t(`genders.${String(value)}`, { defaultValue: String(value) });
    if (field === 'nacionalidad') return countryName(String(value) as CountryName);
    return String(value);
  };
  const fieldLabel = (field: string) => t(`fields.${field}`, { defaultValue: field });
  /** The changed fields in the profile's order. */
  const ordered = (values: Record<string, string | number>) =>
    CORRECTABLE_FIELDS.filter((f): f is CorrectableField => f in values).map((f) => [f, values[f]!] as const);
  return { t, valueOf, fieldLabel, ordered };
}
