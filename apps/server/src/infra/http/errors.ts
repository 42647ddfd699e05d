import { messages } from '@clinica/shared';

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
