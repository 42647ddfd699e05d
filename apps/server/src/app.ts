import Fastify, { type FastifyError, type FastifyReply } from 'fastify';
import crypto from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES, messages } from '@clinica/shared';
import type { Config } from './infra/config.js';
import type { Database } from './db/client.js';
import { AppError } from './infra/http/errors.js';
import { safeError, safeRequest } from './infra/log-safety.js';
import { holdsUnstorableText, summariseIssues } from './infra/http/validation.js';
import { configPlugin, dbPlugin } from './infra/core.js';
import { useFieldKeys } from './db/field-crypto.js';
import securityHeaders from './infra/security-headers.js';
import storage from './infra/storage.js';
import pdf from './infra/pdf.js';
import web from './infra/web.js';
import realtime from './infra/realtime.js';
import type { PubSub } from './infra/pubsub.js';
import redis from './infra/redis.js';
import metrics from './infra/metrics.js';
import { sessionsPlugin } from './modules/auth/index.js';
import { MODULE_PLUGINS } from './modules.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  /** The clock; tests pass one they can move. */
  now?: () => number;
  logger?: boolean;
  /** Where the log goes (standard output by default); a test passes a capture. */
  logStream?: NodeJS.WritableStream;
  /** The realtime hub's pub/sub; tests give two apps one in-process hub (several instances without Redis). */
  pubsub?: PubSub;
}

/**
 * TRUST_PROXY as Fastify takes it. A list of addresses/CIDRs goes as it is (proxy-addr compiles
 * it). A hop count becomes "the nearest n addresses are proxies": Fastify 5 turns a bare number
 * into "trust nobody", since a client that reaches the instance directly could add hops of its
 * own; docs/deployment.md says a hop count is for instances reachable only through the proxy.
 */
export function trustProxyOption(trust: Config['trustProxy']) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

/** Builds the whole server: infrastructure first, then the feature modules (modules.ts). */
export async function buildApp(opts: BuildOptions) {
  const { config } = opts;
  // The encrypted columns' keyring is the configuration's file keyring (decision 0030).
  useFieldKeys(config.fileKeys);
  const app = Fastify<Server, IncomingMessage, ServerResponse>({
    // No personal data in the logs (infra/log-safety.ts, issue 19): errors and requests through
    // their own serializers; every line of a request keeps its reqId.
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            serializers: { err: safeError, error: safeError, req: safeRequest },
            redact: {
              paths: ['req.headers', 'res.headers', 'body', 'params', '*.password', '*.correo', '*.cedula', '*.token'],
              censor: '[…]',
            },
          },
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: (req) => {
      const given = config.trustProxy !== false ? req.headers['x-request-id'] : undefined;
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // Errors Fastify answers before a route runs (a parameter over maxParamLength is 414, a URL
    // that does not decode is 400): in the product's format too (issue 19).
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode ?? 400;
      const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? messages.urlTooLong : messages.invalidRequest;
      void (reply as FastifyReply).code(status).send({ success: false, message });
    },
    // Errors of the HTTP parser, before Fastify sees a request (headers or request line over
    // Node's limit, a malformed request): answered on the socket in the product's format.
    clientErrorHandler: (error: Error & { code?: string }, socket) => {
      const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      const message = status === 431 ? messages.headersTooLarge : messages.invalidRequest;
      const body = JSON.stringify({ success: false, message });
      if (socket.writable) {
        socket.end(
          `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      } else socket.destroy(error);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A refused large body is not read to its end: the connection closes after the answer.
    if (
      error.code === 'FST_REQ_FILE_TOO_LARGE' ||
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
      error.statusCode === 413
    ) {
      void reply.header('connection', 'close');
    }
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({ success: false, message: error.message, errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { message, errors } = summariseIssues(
        error.validation.map((v) => ({
          path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: v.message ?? '',
        })),
      );
      return reply.code(400).send({ success: false, message, errors });
    }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(413).send({ success: false, message: messages.fileTooLarge });
    }
    // A JSON body over the limit, or a form with too many parts, is not a file that is too large.
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      return reply.code(413).send({ success: false, message: messages.requestTooLarge });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 415) {
      return reply.code(415).send({ success: false, message: messages.unsupportedContentType });
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ success: false, message: messages.invalidRequest });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ success: false, message: messages.serverError });
  });

  // The net under the shared text schema: U+0000 or a lone surrogate anywhere in a request is a
  // 400 with the catalogue's message, never a statement PostgreSQL refuses (a 500).
  app.addHook('preValidation', async (request, reply) => {
    if (
      holdsUnstorableText(request.body) ||
      holdsUnstorableText(request.query) ||
      holdsUnstorableText(request.params)
    ) {
      return reply.code(400).send({ success: false, message: messages.textInvalid });
    }
  });

  await app.register(configPlugin, { config, now: opts.now ?? Date.now });
  await app.register(dbPlugin, { database: opts.database });
  // First after the database: its onResponse hook counts every request, whatever answers it.
  await app.register(metrics);
  // Redis when REDIS_URL is set: shared pub/sub, revocations and login limits (issue 10).
  await app.register(redis);
  await app.register(fastifyCookie, { secret: config.cookieSecret });
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 60, fieldSize: 64 * 1024, parts: 80 },
  });
  await app.register(storage);
  await app.register(pdf);
  await app.register(securityHeaders);
  // The session layer (auth's), then the realtime hub that closes the sockets of ended sessions,
  // then every module in the order of modules.ts: each module plugin declares what it needs, and
  // fastify-plugin refuses to start when a dependency was not registered before it.
  await app.register(sessionsPlugin);
  await app.register(realtime, opts.pubsub ? { pubsub: opts.pubsub } : {});
  for (const plugin of MODULE_PLUGINS) await app.register(plugin);

  await app.register(web);
  return app;
}
