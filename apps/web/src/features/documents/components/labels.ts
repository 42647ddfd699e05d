/** 'Datos del paciente' -> 'datosDelPaciente', 'Consulta General' -> 'consultaGeneral': catalogue keys of shared Spanish values. */
export const keyOf = (spanish: string) =>
  spanish
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()))
    .join('');
