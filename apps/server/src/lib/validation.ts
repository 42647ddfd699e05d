import type { z } from 'zod';
import { messages } from '@clinica/shared';
import { badRequest } from './errors.js';

const CATALOGUE = new Set<string>(Object.values(messages));

/**
 * Turns validation issues into the answer a form shows: one message per field and a summary.
 * An empty required field says 'complete todos los campos obligatorios'; otherwise the first
 * field's own message (e.g. 'El número no es válido.'). A message that is not in the catalogue
 * (zod's own English for a wrong type) becomes the generic Spanish one, so only catalogue
 * text ever leaves the server.
 */
export function summariseIssues(issues: readonly { path: string; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path === '' ? '_' : issue.path;
    errors[key] ??= CATALOGUE.has(issue.message) ? issue.message : messages.invalidRequest;
  }
  const all = Object.values(errors);
  const message = all.includes(messages.missingFields) ? messages.missingFields : (all[0] ?? messages.invalidRequest);
  return { message, errors };
}

/** Parses with a shared schema or throws a 400 AppError carrying the form's messages. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const { message, errors } = summariseIssues(
      result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
    );
    throw badRequest(message, errors);
  }
  return result.data;
}
