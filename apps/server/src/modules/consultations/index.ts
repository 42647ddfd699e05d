// The public face of this module: other modules import only what is listed here (lint-enforced).
export { assertTransition, chatSecondsLeft, stateColumns, stateFields } from './consultation-state.js';
export { clinicalHistoryColumns, toClinicalHistory } from './clinical-history.js';
export { default as consultationsPlugin } from './consultations.plugin.js';
