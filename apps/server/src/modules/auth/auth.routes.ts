import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminRegistrationSchema,
  doctorRegistrationSchema,
  loginSchema,
  messages,
  patientRegistrationSchema,
  patientSessionSchema,
  resultSchema,
  sessionPollQuerySchema,
  staffRegistrationResultSchema,
  staffLoginResultSchema,
  staffSessionSchema,
  staffLoginSchema,
  type Role,
  type StaffSession,
} from '@clinica/shared';
import { AppError, errorResponses } from '../../infra/http/errors.js';
import { assertImage, readMultipart } from '../../infra/http/multipart.js';
import { parseOrThrow } from '../../infra/http/validation.js';
import { cookieNames, type SessionAccount } from './sessions.plugin.js';
import { setChallengeCookie } from './challenge-cookie.js';
import { sharedThrottle } from './login-throttle.js';
import { deviceCookies } from './device-cookie.js';

/** Registration, sign-in, sign-out and session checks of patients, administrators and doctors. */
export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const cookies = cookieNames(app.config.production);
  const devices = deviceCookies({ production: app.config.production, secret: app.config.cookieSecret });
  // Shared by every instance through Redis when REDIS_URL is set (issue 10). Counts accounts
  // created per client address in an hour (the throttle's "failure" is a registration here).
  const registrations = sharedThrottle(app, { name: 'register-ip', max: app.config.quotas.registrationsPerAddressHour, windowMs: 3_600_000 });
  const auth = app.auth;

  const client = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
  });
  /** The client of a sign-in: with this browser's device cookie for the e-mail tried. */
  const loginClient = (request: FastifyRequest, email: string) => ({ ...client(request), device: devices.nonceFor(request, email) });
  const setSession = (reply: FastifyReply, role: Role, token: string) =>
    reply.setCookie(cookies.names[role], token, cookies.options);
  const clearSession = (reply: FastifyReply, role: Role) =>
    reply.clearCookie(cookies.names[role], { path: '/', secure: cookies.options.secure, sameSite: 'strict', httpOnly: true });

  /**
   * A role's session poll (every open page calls it every 5 s): a live session held in memory is
   * answered without a promise or a database round trip; anything else goes through resolve().
   * `activo=1` (the person moved, typed or scrolled) restarts the idle clock.
   */
  const poll = <T>(
    role: Role,
    token: string | undefined,
    activo: '0' | '1' | undefined,
    answer: (account: SessionAccount | null) => T,
  ): T | Promise<T> => {
    if (!token) return answer(null);
    const hit = app.sessions.cached(role, token);
    if (hit) {
      const writing = activo === '1' ? app.sessions.touch(hit.idHash) : undefined;
      return writing ? writing.then(() => answer(hit)) : answer(hit);
    }
    return app.sessions.resolve(role, token).then(async (account) => {
      if (account && activo === '1') await app.sessions.touch(account.idHash);
      return answer(account);
    });
  };
  // The polls' answers are built field by field by patientAnswer / staffAnswer (typed by the
  // response schemas), so re-checking them with zod on every poll would only cost time: every open
  // page asks every 5 s (issue 12). The schemas still describe the answer and the tests hold
  // every answer to them.
  const pollSerializer = () => (data: unknown) => JSON.stringify(data);
  /** 202 'código requerido': the password was right; the sign-in waits for the code (two-factor module). */
  const codeRequired = async (request: FastifyRequest, reply: FastifyReply, role: 'admin' | 'doctor', staffId: string, token: string) => {
    setChallengeCookie(reply, app.config.production, role, token);
    const body = request.body as { email?: string } | undefined;
    await app.audit(request, { action: 'auth.2fa_challenge', actor: { role, accountId: staffId, correo: body?.email ?? '' } });
    return reply.code(202).send({ success: true, message: messages.twoFactorCodeRequired, codigo_requerido: true, rol: role });
  };
  /** A staff sign-in's answer; `inscripcion_requerida` when the account must enrol in two-factor sign-in first. */
  const loggedIn = async (staffIn: { role: 'admin' | 'doctor'; staffId: string }[]) => {
    for (const s of staffIn) {
      if (await app.twoFactor.isRestricted(s.staffId)) {
        return { success: true, message: messages.loginOk, inscripcion_requerida: true, rol: s.role };
      }
    }
    return { success: true, message: messages.loginOk };
  };
  const fullName = (account: SessionAccount) => `${account.nombre} ${account.apellido}`;
  const patientAnswer = (account: SessionAccount | null) =>
    account ? { loggedIn: true, user_name: fullName(account) } : { loggedIn: false, user_name: null };
  const staffAnswer = (account: SessionAccount | null): StaffSession | Promise<StaffSession> => {
    if (!account) return { loggedInAdmin: false, authenticated: false, user_name_admin: null };
    const answer = { loggedInAdmin: true, authenticated: true, user_name_admin: fullName(account) };
    // A session held to the enrolment says so, and the page gates send it to its Seguridad page.
    if (app.twoFactor.knownUnrestricted(account.idHash)) return answer;
    return app.twoFactor
      .isRestricted(account.accountId, account.idHash)
      .then((restricted) => (restricted ? { ...answer, inscripcion_requerida: true as const } : answer));
  };

  /** Signs out the role's session if the cookie names a live one; always clears the cookie. */
  const logout = (role: Role) => async (request: FastifyRequest, reply: FastifyReply) => {
    const account = await app.sessions.resolve(role, request.cookies[cookies.names[role]]);
    if (account) await auth.logout(account);
    clearSession(reply, role);
    return { success: true, message: messages.logoutOk };
  };

  // --- patients -------------------------------------------------------------------------------

  app.post('/api/auth/register', {
    config: { access: 'anonymous' },
    schema: { response: { 201: resultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      // Registrations per client address and hour (decision 0030): refused before the body is read.
      if (await registrations.isBlocked([request.ip])) throw new AppError(429, messages.quotaRegistrationsPerAddress);
      const { fields, files } = await readMultipart(request, ['image_cedula']);
      const input = parseOrThrow(patientRegistrationSchema, fields);
      const image = files.find((f) => f.field === 'image_cedula');
      if (!image || image.bytes.length === 0) {
        throw new AppError(400, messages.idImageRequired, { image_cedula: messages.idImageRequired });
      }
      if (image.bytes.length > app.config.quotas.idImageBytes) {
        throw new AppError(413, messages.quotaIdImageSize, { image_cedula: messages.quotaIdImageSize });
      }
      const mime = await assertImage(image.bytes);
      await auth.registerPatient(input, { bytes: image.bytes, mime, filename: image.filename });
      await registrations.recordFailure([request.ip]);
      return reply.code(201).send({ success: true, message: messages.registrationOk });
    },
  });

  app.post('/api/auth/login', {
    config: { access: 'anonymous' },
    schema: { body: loginSchema, response: { 200: resultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const token = await auth.loginPatient(request.body, loginClient(request, request.body.email));
      setSession(reply, 'patient', token);
      devices.remember(request, reply, request.body.email);
      return { success: true, message: messages.loginOk };
    },
  });

  app.post('/api/auth/logout', {
    config: { access: 'anonymous' },
    schema: { response: { 200: resultSchema } },
    handler: logout('patient'),
  });

  app.get('/api/auth/session', {
    config: { access: 'anonymous' },
    schema: { querystring: sessionPollQuerySchema, response: { 200: patientSessionSchema } },
    serializerCompiler: pollSerializer,
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return poll('patient', request.cookies[cookies.names.patient], request.query.activo, patientAnswer);
    },
  });

  // 'Logout All' ends every session of every account signed in in this browser, on every device.
  app.post('/api/auth/logout-all', {
    // Also for a staff session held to the two-factor enrolment (issue 11).
    config: { access: ['patient', 'admin', 'doctor'], withoutTwoFactor: true },
    schema: { response: { 200: resultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      await auth.logoutAll(Object.values(request.accounts));
      for (const role of ['patient', 'admin', 'doctor'] as const) clearSession(reply, role);
      return { success: true, message: messages.logoutAllOk };
    },
  });

  // --- administrators and doctors ---------------------------------------------------------------

  for (const role of ['admin', 'doctor'] as const) {
    const base = `/api/${role}`;
    const registration = role === 'admin' ? adminRegistrationSchema : doctorRegistrationSchema;

    app.post(`${base}/register`, {
      config: { access: 'anonymous' },
      schema: { body: registration, response: { 201: staffRegistrationResultSchema, ...errorResponses } },
      handler: async (request, reply) => {
        const input = request.body;
        try {
          await auth.registerStaff(role, input, client(request));
        } catch (err) {
          // Every wrong or throttled key is on the audit trail, with the address it came from.
          if (err instanceof AppError && (err.statusCode === 403 || err.statusCode === 429)) {
            await app.audit(request, {
              action: err.statusCode === 429 ? 'staff.registration_throttled' : 'staff.registration_key_refused',
              outcome: 'denied',
              detail: `registro ${role === 'admin' ? 'de administrador' : 'de médico'} para ${input.correo}`,
            });
          }
          throw err;
        }
        await app.audit(request, {
          action: 'staff.registered',
          detail: `cuenta ${role === 'admin' ? 'de administrador' : 'de médico'} ${input.correo}, pendiente de aprobación`,
        });
        // 'Registro exitoso' stays (the specification's message); signing in then says the
        // account waits for an administrator's approval.
        return reply.code(201).send({ success: true, mensaje: messages.registrationOk });
      },
    });

    app.post(`${base}/login`, {
      config: { access: 'anonymous' },
      schema: { body: staffLoginSchema, response: { 200: staffLoginResultSchema, 202: staffLoginResultSchema, ...errorResponses } },
      handler: async (request, reply) => {
        const result = await auth.loginStaff(role, request.body, loginClient(request, request.body.email));
        if (result.challenge) return codeRequired(request, reply, role, result.staffId, result.challenge);
        setSession(reply, role, result.token!);
        devices.remember(request, reply, request.body.email);
        return loggedIn([{ role, staffId: result.staffId }]);
      },
    });

    app.post(`${base}/logout`, {
      config: { access: 'anonymous' },
      schema: { response: { 200: resultSchema } },
      handler: logout(role),
    });

    app.get(`${base}/session`, {
      config: { access: 'anonymous' },
      schema: { querystring: sessionPollQuerySchema, response: { 200: staffSessionSchema } },
      serializerCompiler: pollSerializer,
      handler: (request, reply) => {
        reply.header('cache-control', 'no-store');
        // A promise of a promise is one promise at run time.
        return poll(role, request.cookies[cookies.names[role]], request.query.activo, staffAnswer) as
          | StaffSession
          | Promise<StaffSession>;
      },
    });
  }

  // 'Iniciar sesión en todas las cuentas' (the admin login page's checkbox).
  app.post('/api/admin/login-all', {
    config: { access: 'anonymous' },
    schema: { body: staffLoginSchema, response: { 200: staffLoginResultSchema, 202: staffLoginResultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const { tokens, staffIn, challenge } = await auth.loginAll(request.body, loginClient(request, request.body.email));
      for (const [role, token] of Object.entries(tokens) as [Role, string][]) setSession(reply, role, token);
      if (Object.keys(tokens).length > 0) devices.remember(request, reply, request.body.email);
      if (challenge) return codeRequired(request, reply, challenge.role, challenge.staffId, challenge.token);
      return loggedIn(staffIn);
    },
  });
}
