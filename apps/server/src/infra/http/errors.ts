import { errorSchema, messages } from '@clinica/shared';

/**
 * An error a service throws for the route to answer: an HTTP status and a Spanish message from
 * the catalogue (never a stack or an internal detail).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new AppError(400, message, errors);
export const unauthenticated = () => new AppError(401, messages.unauthenticated);
export const forbidden = () => new AppError(403, messages.forbidden);
export const notFound = () => new AppError(404, messages.notFound);
export const tooManyRequests = () => new AppError(429, messages.tooManyAttempts);

/**
 * The error answers of every route's response schema. Every error the app sends has one shape
 * (`errorSchema`: the error handler, the sessions gate, the Origin check), and any route may meet
 * most of them (a bad body 400, a gate 401/403, a body too large 413, a wrong type 415, a fault
 * 500), so one map serves all: the schema also strips anything but `success`, `message` and
 * `errors` from an error that leaves the server.
 */
export const errorResponses = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  410: errorSchema,
  413: errorSchema,
  415: errorSchema,
  429: errorSchema,
  500: errorSchema,
  502: errorSchema,
} as const;
