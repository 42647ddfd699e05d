// The shared message catalogue in Spanish as a catalogue module of its own (lib/i18n.ts loads it
// when a page shows its messages): the browser's first load of a public page does not carry it.
import { messages } from '@clinica/shared';

export default messages;
