import { expect, type Page } from '@playwright/test';
import { format } from 'date-fns';
import { es } from 'date-fns/locale/es';
import { addDays, panamaToday, weekdayOf } from '@clinica/shared';

/**
 * The /citas date picker as a person uses it (shared by specs that book an appointment through
 * the page; appointments.spec.ts keeps its own copy until the lead merges, see decision 0035).
 */

/** A weekday at least `ahead` days after today (Panama), yyyy-MM-dd. */
export function weekdayAhead(ahead: number) {
  let fecha = addDays(panamaToday(Date.now()), ahead);
  while (weekdayOf(fecha) === 0 || weekdayOf(fecha) === 6) fecha = addDays(fecha, 1);
  return fecha;
}

/** The picker's name of a day: 'miércoles, 25 de noviembre de 2026'. */
export const dayName = (fecha: string) => {
  const [y = 0, m = 1, d = 1] = fecha.split('-').map(Number);
  return format(new Date(y, m - 1, d), 'PPPP', { locale: es });
};

const dayCell = (page: Page, fecha: string) => page.getByRole('gridcell', { name: new RegExp(`^(Elegir|No disponible) ${dayName(fecha)}$`) });

/** Opens the picker of `label`, moves month by month to the day and picks it. */
export async function pickDay(page: Page, fecha: string, label = 'Fecha') {
  await page.getByLabel(label, { exact: true }).click();
  for (let i = 0; i < 13 && (await dayCell(page, fecha).count()) === 0; i++) {
    await page.getByRole('button', { name: 'Mes siguiente' }).click();
  }
  const cell = dayCell(page, fecha);
  await expect(cell).toHaveAttribute('aria-label', `Elegir ${dayName(fecha)}`);
  await cell.click();
  await expect(page.getByLabel(label, { exact: true })).toHaveValue(format(new Date(`${fecha}T12:00:00`), 'dd/MM/yyyy'));
}
