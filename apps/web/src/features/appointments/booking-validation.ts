// The booking form's validation (/citas), a chunk of its own: loaded after the page's first paint
// through lib/lazy-validation.ts, so zod is not part of what the page needs to show itself.
import { zodResolver } from '@hookform/resolvers/zod';
import { appointmentRequestSchema } from '@clinica/shared';

export { appointmentRequestSchema };

export const appointmentResolver = zodResolver(appointmentRequestSchema);
