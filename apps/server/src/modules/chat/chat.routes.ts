import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import {
  CHAT_IMAGE_FIELD,
  RECEIPT_FILE_FIELD,
  chatClientFrameSchema,
  chatSocketQuerySchema,
  chatStateSchema,
  consultationTargetQuerySchema,
  doctorChatDetailSchema,
  doctorChatRowSchema,
  errorSchema,
  exitResultSchema,
  extraHourCaptureSchema,
  extraHourOrderSchema,
  extraHourReceiptSchema,
  extraHourResultSchema,
  fileParamsSchema,
  healthDataResultSchema,
  healthDataSchema,
  messages,
  paypalOrderCreatedSchema,
  resultSchema,
  tokenParamsSchema,
  type ChatRole,
  type ChatServerFrame,
} from '@clinica/shared';
import { AppError, unauthenticated } from '../../infra/http/errors.js';
import { readMultipart } from '../../infra/http/multipart.js';
import { parseOrThrow } from '../../infra/http/validation.js';
import { SESSION_ENDED_CLOSE } from '../../infra/realtime.js';
import { cookieNames, type SessionAccount } from '../auth/index.js';
import { sendStoredFile } from '../../infra/http/send-file.js';
import { type ChatConsultation } from './chat.repository.js';
import { chatChannel } from './chat.service.js';
import { stateFields } from '../consultations/index.js';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
  502: errorSchema,
};

/** Close code of a socket whose consultation's chat was closed (exit). */
const CHAT_CLOSED_CLOSE = 4403;
// Sessions of open sockets are checked again this often (idle expiry happens without a request).
const SESSION_RECHECK_MS = 60_000;

/** The chat consultation: the patient's chat page, its WebSocket, and the doctor's chats. */
export default async function chatRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.chat;
  const cookies = cookieNames(app.config.production);
  const publicOrigin = app.config.publicOrigin ? new URL(app.config.publicOrigin).origin : undefined;

  const patientOf = (request: FastifyRequest) => {
    if (!request.accounts.patient) throw unauthenticated();
    return request.accounts.patient;
  };
  const doctorOf = (request: FastifyRequest) => {
    if (!request.accounts.doctor) throw unauthenticated();
    return request.accounts.doctor;
  };

  // --- the patient's page (/ConsultaChat) ------------------------------------------------------
  // Every patient call takes `?consulta=<token>`: the chat it is about, the patient's own (several
  // may be open at once, decision 0032); without it, the newest open one.

  // The session check's `api`: the chat's state; the first call opens the consultation's hour.
  app.get('/api/chat', {
    config: { access: 'patient' },
    schema: { querystring: consultationTargetQuerySchema, response: { 200: chatStateSchema, ...errors } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.state(patientOf(request), request.query.consulta);
    },
  });

  // "POST health data": peso, talla, presion_arterial, frecuencia_cardiaca, frecuencia_respiratoria.
  app.post('/api/chat/health', {
    config: { access: 'patient' },
    schema: { querystring: consultationTargetQuerySchema, response: { 200: healthDataResultSchema, ...errors } },
    handler: async (request) => {
      const data = parseOrThrow(healthDataSchema, request.body);
      await service.saveHealth(patientOf(request), data, request.query.consulta);
      return { status: 'success' as const, message: messages.formSent };
    },
  });

  // "POST image upload, multipart field image, one call per file."
  app.post('/api/chat/images', {
    config: { access: 'patient' },
    schema: { querystring: consultationTargetQuerySchema, response: { 200: resultSchema, ...errors } },
    handler: async (request) => {
      const patient = patientOf(request);
      const { files } = await readMultipart(request, [CHAT_IMAGE_FIELD]);
      const [file] = files;
      if (!file || files.length !== 1)
        throw new AppError(400, messages.selectAtLeastOneImage, { [CHAT_IMAGE_FIELD]: messages.selectAtLeastOneImage });
      await service.uploadImage(patient, file, request.query.consulta);
      return { success: true, message: messages.imagesUploaded };
    },
  });

  // "Exit chat: answers ok." A POST, so that the Origin check of state-changing calls applies.
  app.post('/api/chat/exit', {
    config: { access: 'patient' },
    schema: { querystring: consultationTargetQuerySchema, response: { 200: exitResultSchema, ...errors } },
    handler: async (request) => {
      await service.exit(patientOf(request), request.query.consulta);
      return { ok: true as const, message: messages.chatExitOk };
    },
  });

  // --- the extra hour ('Área de Pagos') ----------------------------------------------------------

  app.post('/api/chat/extra-hour/paypal/order', {
    config: { access: 'patient' },
    schema: { querystring: consultationTargetQuerySchema, response: { 200: paypalOrderCreatedSchema, ...errors } },
    handler: async (request) => {
      const input = parseOrThrow(extraHourOrderSchema, request.body);
      const { id } = await service.extraHourOrder(patientOf(request).accountId, input.monto, request.query.consulta);
      return { success: true as const, status: 'success' as const, message: messages.paypalOrderCreated, id };
    },
  });

  app.post('/api/chat/extra-hour/paypal/capture', {
    config: { access: 'patient' },
    schema: { querystring: consultationTargetQuerySchema, response: { 200: extraHourResultSchema, ...errors } },
    handler: async (request) => {
      const input = parseOrThrow(extraHourCaptureSchema, request.body);
      await service.extraHourCapture(patientOf(request).accountId, input.orderID, request.query.consulta);
      return {
        success: true as const,
        status: 'success' as const,
        message: messages.chatExtraHourAdded,
        aplicada: true,
      };
    },
  });

  app.post('/api/chat/extra-hour/receipt', {
    config: { access: 'patient' },
    schema: { querystring: consultationTargetQuerySchema, response: { 200: extraHourResultSchema, ...errors } },
    handler: async (request) => {
      const patient = patientOf(request);
      const { fields, files } = await readMultipart(request, [RECEIPT_FILE_FIELD]);
      const input = parseOrThrow(extraHourReceiptSchema, fields);
      const file = files.find((f) => f.field === RECEIPT_FILE_FIELD);
      if (!file)
        throw new AppError(400, messages.missingFieldsWithReceipt, {
          [RECEIPT_FILE_FIELD]: messages.missingFieldsWithReceipt,
        });
      await service.extraHourReceipt(patient.accountId, { metodo: input.metodo_de_pago, monto: input.monto, file }, request.query.consulta);
      return {
        success: true as const,
        status: 'success' as const,
        message: messages.chatExtraHourPending,
        aplicada: false,
      };
    },
  });

  // Closing the overlay without paying ends the consultation's chat time (never a free hour).
  app.post('/api/chat/extra-hour/decline', {
    config: { access: 'patient' },
    schema: { querystring: consultationTargetQuerySchema, response: { 200: resultSchema, ...errors } },
    handler: async (request) => {
      await service.declineExtraHour(patientOf(request), request.query.consulta);
      return { success: true, message: messages.chatTimeClosed };
    },
  });

  // --- the doctor's chats (/Chat_Doctor) ---------------------------------------------------------

  app.get('/api/doctor/chats', {
    config: { access: 'doctor' },
    schema: { response: { 200: z.array(doctorChatRowSchema), ...errors } },
    handler: async (request) => {
      const rows = await service.doctorChats(doctorOf(request).accountId);
      await app.audit(request, { action: 'chat.list', role: 'doctor', patientIds: rows.map((r) => r.patient_id), detail: `filas: ${rows.length}` });
      return rows.map(({ patient_id: _patient, ...row }) => row);
    },
  });

  app.get('/api/doctor/chats/:token', {
    config: { access: 'doctor' },
    schema: { params: tokenParamsSchema, response: { 200: doctorChatDetailSchema, ...errors } },
    handler: async (request) => {
      const { c, images } = await service.doctorChat(doctorOf(request).accountId, request.params.token);
      await app.audit(request, { action: 'chat.read', role: 'doctor', resource: { type: 'consultation', id: c.id }, patientId: c.patient_id });
      const [row] = await service.doctorChats(doctorOf(request).accountId).then((rows) => rows.filter((r) => r.consulta_token === c.token));
      return {
        ...stateFields(c, app.now()),
        consulta_token: c.token,
        paciente: `${c.paciente_nombre} ${c.paciente_apellido}`,
        correo: c.paciente_correo,
        servicio: c.servicio,
        fecha_registro: c.fecha_registro.toISOString(),
        segundos_restantes: c.ends_at ? service.remaining(c) : null,
        ultimo_mensaje: row?.ultimo_mensaje ?? null,
        sintomas: c.sintomas,
        peso: c.peso,
        talla: c.talla,
        presion_arterial: c.presion_arterial,
        frecuencia_cardiaca: c.frecuencia_cardiaca,
        frecuencia_respiratoria: c.frecuencia_respiratoria,
        imagenes: images.map((i) => ({ url: `/api/doctor/chats/${c.token}/images/${i.file_id}`, nombre: i.nombre })),
      };
    },
  });

  app.get('/api/doctor/chats/:token/images/:fileId', {
    config: { access: 'doctor' },
    schema: { params: fileParamsSchema, response: errors },
    handler: async (request, reply) => {
      const file = await service.doctorImage(doctorOf(request).accountId, request.params.token, request.params.fileId);
      await app.audit(request, { action: 'file.consultation_image', role: 'doctor', resource: { type: 'consultation', id: request.params.token } });
      return sendStoredFile(reply, file);
    },
  });

  // --- the WebSocket ---------------------------------------------------------------------------------

  /** Only this site's pages may open a socket with the visitor's cookie (cross-site WebSocket hijacking). */
  const sameOrigin = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin === undefined) return true;
    try {
      const given = new URL(origin);
      if (publicOrigin) return given.origin === publicOrigin;
      return (
        request.headers.host !== undefined && given.host === new URL(`${given.protocol}//${request.headers.host}`).host
      );
    } catch {
      return false;
    }
  };

  const joined = new WeakMap<FastifyRequest, { c: ChatConsultation; account: SessionAccount; rol: ChatRole }>();

  app.get(
    '/api/chat/ws',
    {
      websocket: true,
      config: { access: ['patient', 'doctor'] },
      schema: { querystring: chatSocketQuerySchema },
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        if (!sameOrigin(request)) return reply.code(403).send({ success: false, message: messages.chatForeignOrigin });
      },
      preHandler: async (request: FastifyRequest) => {
        const { consulta, rol } = chatSocketQuerySchema.parse(request.query);
        const account = request.accounts[rol];
        if (!account) throw unauthenticated();
        const c = await service.membership(consulta, rol, account);
        // The socket sends the chat's history: a read of the consultation (decision 0030).
        await app.audit(request, { action: 'chat.read', role: rol, resource: { type: 'consultation', id: c.id }, patientId: c.patient_id });
        joined.set(request, { c, account, rol });
      },
    },
    (socket, request) => {
      const ctx = joined.get(request);
      if (!ctx) {
        socket.close(1011, 'no context');
        return;
      }
      handleSocket(socket, ctx, request.query.since, request.cookies[cookies.names[ctx.rol]]);
    },
  );

  const send = (socket: WebSocket, frame: ChatServerFrame) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };

  function handleSocket(
    socket: WebSocket,
    ctx: { c: ChatConsultation; account: SessionAccount; rol: ChatRole },
    since: number,
    token: string | undefined,
  ) {
    const { rol, account } = ctx;
    const consultationId = ctx.c.id;
    app.realtime.track(socket, account.idHash);
    let closed = false;
    let lastId = since;
    let live = false;
    const buffered: string[] = [];
    let unsubscribe: (() => Promise<void>) | undefined;

    // Live frames: a message already sent by the history (id <= lastId) is dropped.
    const deliver = (payload: string) => {
      const nl = payload.indexOf('\n');
      const head = payload.slice(0, nl);
      if (head.startsWith('m')) {
        const id = Number(head.slice(1));
        if (id <= lastId) return;
        lastId = id;
      } else {
        // The chat's time or state changed (perhaps on another instance): read it again.
        service.invalidate(consultationId);
      }
      if (socket.readyState === socket.OPEN) socket.send(payload.slice(nl + 1));
      if (head === '-' && payload.includes('"type":"closed"')) socket.close(CHAT_CLOSED_CLOSE, 'chat closed');
    };

    const recheck = setInterval(() => {
      app.sessions.resolve(rol, token).then(
        (still) => {
          if (!still) socket.close(SESSION_ENDED_CLOSE, 'session ended');
        },
        () => undefined,
      );
    }, SESSION_RECHECK_MS);
    recheck.unref();

    socket.on('close', () => {
      closed = true;
      clearInterval(recheck);
      void unsubscribe?.();
    });

    // Frames of this socket are handled one after the other, in the order they arrived.
    let queue: Promise<void> = Promise.resolve();
    socket.on('message', (raw) => {
      queue = queue
        .then(() => onFrame(String(raw as Buffer)))
        .catch((err: unknown) => {
          app.log.error({ err }, 'chat frame failed');
          send(socket, { type: 'error', message: messages.serverError });
        });
    });

    async function onFrame(text: string) {
      let cid: string | undefined;
      let parsed;
      try {
        const json: unknown = JSON.parse(text);
        if (json && typeof json === 'object' && typeof (json as { cid?: unknown }).cid === 'string')
          cid = (json as { cid: string }).cid.slice(0, 64);
        parsed = chatClientFrameSchema.safeParse(json);
      } catch {
        parsed = undefined;
      }
      if (!parsed?.success) {
        send(socket, { type: 'error', cid, message: parsed?.error.issues[0]?.message ?? messages.invalidRequest });
        return;
      }
      // The session and the membership, again, for every message.
      const session = await app.sessions.resolve(rol, token);
      if (!session) {
        socket.close(SESSION_ENDED_CLOSE, 'session ended');
        return;
      }
      await app.sessions.touch(session.idHash);
      const { c, refusal } = await service.recheck(consultationId, rol, session.accountId);
      if (!c || refusal) {
        send(socket, { type: 'error', cid, message: refusal ?? messages.chatClosed });
        return;
      }
      if (!(await service.allowSend(consultationId, rol, session.accountId))) {
        send(socket, { type: 'error', cid, message: messages.chatTooFast });
        return;
      }
      const { cid: clientId, texto } = parsed.data;
      const result = await service.send(c, rol, session.accountId, texto, clientId);
      if (result.refusal !== undefined) send(socket, { type: 'error', cid: clientId, message: result.refusal });
      else send(socket, { type: 'ack', cid: clientId, id: result.message.id, message: result.message });
    }

    void (async () => {
      unsubscribe = await app.realtime.pubsub.subscribe(chatChannel(consultationId), (payload) => {
        if (live) deliver(payload);
        else buffered.push(payload);
      });
      if (closed) {
        await unsubscribe();
        return;
      }
      const c = (await service.recheck(consultationId, rol, account.accountId)).c ?? ctx.c;
      const history = await service.history(consultationId, since);
      const frames = history.map((m) => service.toMessage(c, m));
      // The time first: a client counts itself joined when the history arrives.
      if (c.ends_at) {
        send(socket, {
          type: 'time',
          segundos_restantes: service.remaining(c),
          ends_at: c.ends_at.toISOString(),
          tiempo_cerrado: c.time_closed_at !== null,
        });
      }
      send(socket, { type: 'history', messages: frames });
      if (frames.length > 0) lastId = frames[frames.length - 1]!.id;
      live = true;
      for (const payload of buffered.splice(0)) deliver(payload);
    })().catch((err: unknown) => {
      app.log.error({ err }, 'chat join failed');
      socket.close(1011, 'join failed');
    });
  }
}
