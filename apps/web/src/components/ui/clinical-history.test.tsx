// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLINICAL_HISTORY_FIELDS, messages, type ClinicalHistoryFields } from '@clinica/shared';
import { renderPage } from '../../test/render.js';
import { ClinicalHistory } from './clinical-history.js';

const full: ClinicalHistoryFields = {
  sintomas: 'Dolor de cabeza desde hace tres días',
  antecedentes_familiares: 'Madre con hipertensión',
  antecedentes_personales: 'Asma en la infancia',
  antecedentes_quirurgicos: 'Apendicectomía (2010)',
  alergias: 'Penicilina',
  otros_datos: 'Trabaja de noche',
  peso: 70.5,
  talla: 1.72,
  presion_arterial: '120/80',
  frecuencia_cardiaca: '72',
  frecuencia_respiratoria: '16',
  analisis: 'Cefalea tensional',
  plan: 'Reposo e hidratación',
  fecha: '2026-12-01',
  hora: '10:30',
};

const empty: ClinicalHistoryFields = {
  ...full,
  peso: null,
  talla: null,
  presion_arterial: null,
  frecuencia_cardiaca: null,
  frecuencia_respiratoria: null,
  analisis: null,
  plan: null,
  fecha: null,
  hora: null,
};

/** The value shown beside a label, in the section headed `heading`. */
function valueOf(heading: string, label: string) {
  const section = screen.getByRole('region', { name: heading });
  const term = within(section).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

describe('<ClinicalHistory>, the one layout of a consultation’s clinical history', () => {
  it('shows each of the 15 fields under its Spanish label, in three sections', async () => {
    await renderPage(<ClinicalHistory history={full} />);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Historia clínica',
      'Signos vitales',
      'Seguimiento del médico',
    ]);
    expect(valueOf('Historia clínica', 'Síntomas')).toBe('Dolor de cabeza desde hace tres días');
    expect(valueOf('Historia clínica', 'Antecedentes familiares')).toBe('Madre con hipertensión');
    expect(valueOf('Historia clínica', 'Antecedentes personales')).toBe('Asma en la infancia');
    expect(valueOf('Historia clínica', 'Antecedentes quirúrgicos')).toBe('Apendicectomía (2010)');
    expect(valueOf('Historia clínica', 'Alergias')).toBe('Penicilina');
    expect(valueOf('Historia clínica', 'Otros datos')).toBe('Trabaja de noche');
    expect(valueOf('Signos vitales', 'Peso')).toBe('70.5 kg');
    expect(valueOf('Signos vitales', 'Talla')).toBe('1.72 m');
    expect(valueOf('Signos vitales', 'Presión arterial')).toBe('120/80');
    expect(valueOf('Signos vitales', 'Frecuencia cardíaca')).toBe('72');
    expect(valueOf('Signos vitales', 'Frecuencia respiratoria')).toBe('16');
    expect(valueOf('Seguimiento del médico', 'Análisis')).toBe('Cefalea tensional');
    expect(valueOf('Seguimiento del médico', 'Plan')).toBe('Reposo e hidratación');
    // fecha and hora are one row: the next visit.
    expect(valueOf('Seguimiento del médico', 'Próxima consulta')).toBe('martes 1 dic. 2026 a las 10:30 a. m.');
    // Every field's value is on the page (13 rows: the next visit holds two fields).
    expect(screen.getAllByRole('term')).toHaveLength(CLINICAL_HISTORY_FIELDS.length - 1);
  });

  it('says "No disponible" for what is not there yet, as the modals did', async () => {
    await renderPage(<ClinicalHistory history={empty} />);
    for (const label of ['Peso', 'Talla', 'Presión arterial', 'Frecuencia cardíaca', 'Frecuencia respiratoria']) {
      expect(valueOf('Signos vitales', label)).toBe(messages.unavailable);
    }
    for (const label of ['Análisis', 'Plan', 'Próxima consulta']) expect(valueOf('Seguimiento del médico', label)).toBe(messages.unavailable);
    expect(valueOf('Historia clínica', 'Síntomas')).toBe('Dolor de cabeza desde hace tres días');
  });

  it('shows a next visit without its time as the date alone', async () => {
    await renderPage(<ClinicalHistory history={{ ...full, hora: null }} parts={['followUp']} />);
    expect(valueOf('Seguimiento del médico', 'Próxima consulta')).toBe('martes 1 dic. 2026');
  });

  it('shows only the sections asked for, in that order, with a screen’s own follow-up title and rows', async () => {
    const { container } = await renderPage(
      <ClinicalHistory
        history={full}
        parts={['followUp', 'history']}
        followUp={{ title: 'Indicaciones de su médico', highlight: true, extra: [['Revisada por el médico', 'Sí']] }}
      />,
    );
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Indicaciones de su médico', 'Historia clínica']);
    expect(screen.queryByRole('region', { name: 'Signos vitales' })).toBeNull();
    expect(valueOf('Indicaciones de su médico', 'Revisada por el médico')).toBe('Sí');
    expect(container.querySelector('.details-highlight')?.textContent).toContain('Reposo e hidratación');
  });
});
