CREATE TABLE "dashboard_appointments_daily" (
	"dia" date NOT NULL,
	"servicio" text NOT NULL,
	"doctor_id" uuid NOT NULL,
	"citas" integer DEFAULT 0 NOT NULL,
	"marcadas" integer DEFAULT 0 NOT NULL,
	"no_asistio" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_appointments_daily_dia_servicio_doctor_id_pk" PRIMARY KEY("dia","servicio","doctor_id")
);
--> statement-breakpoint
CREATE TABLE "dashboard_authorisation_daily" (
	"dia" date NOT NULL,
	"metodo" text NOT NULL,
	"cubeta" smallint NOT NULL,
	"consultas" integer DEFAULT 0 NOT NULL,
	"espera_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_authorisation_daily_dia_metodo_cubeta_pk" PRIMARY KEY("dia","metodo","cubeta")
);
--> statement-breakpoint
CREATE TABLE "dashboard_consultations_daily" (
	"dia" date NOT NULL,
	"servicio" text NOT NULL,
	"doctor_id" uuid NOT NULL,
	"consultas" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_consultations_daily_dia_servicio_doctor_id_pk" PRIMARY KEY("dia","servicio","doctor_id")
);
--> statement-breakpoint
CREATE TABLE "dashboard_refunds_daily" (
	"dia" date NOT NULL,
	"metodo" text NOT NULL,
	"reembolsos" integer DEFAULT 0 NOT NULL,
	"monto_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_refunds_daily_dia_metodo_pk" PRIMARY KEY("dia","metodo")
);
--> statement-breakpoint
CREATE TABLE "dashboard_revenue_daily" (
	"dia" date NOT NULL,
	"servicio" text NOT NULL,
	"metodo" text NOT NULL,
	"pagos" integer DEFAULT 0 NOT NULL,
	"monto_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_revenue_daily_dia_servicio_metodo_pk" PRIMARY KEY("dia","servicio","metodo")
);
--> statement-breakpoint
CREATE TABLE "notification_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"job_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"result" text NOT NULL,
	"provider_message_id" text,
	"error" text,
	CONSTRAINT "notification_attempts_channel" CHECK ("notification_attempts"."channel" IN ('email', 'whatsapp')),
	CONSTRAINT "notification_attempts_result" CHECK ("notification_attempts"."result" IN ('sent', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "patient_channels" (
	"patient_id" uuid PRIMARY KEY NOT NULL,
	"whatsapp_consent_at" timestamp with time zone,
	"whatsapp_consent_version" text,
	"whatsapp_numero" text,
	"whatsapp_revoked_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "yappy_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"patient_id" uuid NOT NULL,
	"proposito" text NOT NULL,
	"servicio" text NOT NULL,
	"monto_cents" integer NOT NULL,
	"estado" text NOT NULL,
	"contexto" text,
	"datos" text,
	"transaction_id" text NOT NULL,
	"confirmacion" text,
	"payment_id" uuid,
	"expira_at" timestamp with time zone NOT NULL,
	"decidido_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "yappy_orders_amount_positive" CHECK ("yappy_orders"."monto_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_method_evidence";--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD COLUMN "patient_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "yappy_order_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "confirmacion_yappy" text;--> statement-breakpoint
ALTER TABLE "notification_attempts" ADD CONSTRAINT "notification_attempts_job_id_mail_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."mail_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_channels" ADD CONSTRAINT "patient_channels_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yappy_orders" ADD CONSTRAINT "yappy_orders_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yappy_orders" ADD CONSTRAINT "yappy_orders_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_attempts_job_idx" ON "notification_attempts" USING btree ("job_id","at");--> statement-breakpoint
CREATE INDEX "yappy_orders_patient_idx" ON "yappy_orders" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "yappy_orders_pending_idx" ON "yappy_orders" USING btree ("expira_at") WHERE "yappy_orders"."estado" = 'pendiente';--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD CONSTRAINT "mail_jobs_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_yappy_order_key" ON "payments" USING btree ("yappy_order_id");--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD CONSTRAINT "mail_jobs_channel" CHECK ("mail_jobs"."channel" IN ('email', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_evidence" CHECK (("payments"."metodo_de_pago" = 'Paypal o Tarjeta' AND "payments"."paypal_order_id" IS NOT NULL) OR ("payments"."metodo_de_pago" <> 'Paypal o Tarjeta' AND "payments"."comprobante_file_id" IS NOT NULL) OR ("payments"."metodo_de_pago" = 'Yappy' AND "payments"."yappy_order_id" IS NOT NULL));
--> statement-breakpoint
-- The roll-ups are kept by these triggers (decision 0057, "Session 11"): AFTER ROW triggers on the
-- live tables, in the transaction of the write that changes a counted figure, whatever code path
-- made it. Each trigger takes back the old row's contribution and adds the new row's, so inserts,
-- updates (a reschedule across days, a payment approved, a refund completed) and deletes all keep
-- roll-up = recount. A Panama day is the instant's date in America/Panama (UTC-5 all year).
CREATE FUNCTION dashboard_wait_bucket(espera_s double precision) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE WHEN espera_s < 1 THEN 0 ELSE 1 + floor(ln(espera_s) / ln(1.05))::int END)::smallint
$$;--> statement-breakpoint
CREATE FUNCTION dashboard_bump_authorisation(p_dia date, p_metodo text, p_espera interval, p_delta int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE s double precision := extract(epoch FROM p_espera);
BEGIN
  INSERT INTO dashboard_authorisation_daily AS r (dia, metodo, cubeta, consultas, espera_ms)
  VALUES (p_dia, p_metodo, dashboard_wait_bucket(s), p_delta, p_delta * round(s * 1000)::bigint)
  ON CONFLICT (dia, metodo, cubeta) DO UPDATE SET consultas = r.consultas + EXCLUDED.consultas, espera_ms = r.espera_ms + EXCLUDED.espera_ms;
END $$;--> statement-breakpoint
-- A consultation's authorisation wait counts when its chat is authorised and its payment approved
-- with a decision time: this adds (p_delta 1) or takes back (-1) the one of a consultation row,
-- read with its payment as it is now.
CREATE FUNCTION dashboard_consultation_authorisation(p_fecha timestamptz, p_permiso boolean, p_payment uuid, p_delta int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE p record;
BEGIN
  IF NOT p_permiso OR p_payment IS NULL THEN RETURN; END IF;
  SELECT estado, metodo_de_pago, created_at, decidido_at INTO p FROM payments WHERE id = p_payment;
  IF FOUND AND p.estado = 'aprobado' AND p.decidido_at IS NOT NULL THEN
    PERFORM dashboard_bump_authorisation((p_fecha AT TIME ZONE 'America/Panama')::date, p.metodo_de_pago, p.decidido_at - p.created_at, p_delta);
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION dashboard_consultations_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND (OLD.fecha_registro, OLD.servicio, OLD.doctor_id) IS DISTINCT FROM (NEW.fecha_registro, NEW.servicio, NEW.doctor_id)) THEN
    UPDATE dashboard_consultations_daily SET consultas = consultas - 1
    WHERE dia = (OLD.fecha_registro AT TIME ZONE 'America/Panama')::date AND servicio = OLD.servicio AND doctor_id = OLD.doctor_id;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (OLD.fecha_registro, OLD.servicio, OLD.doctor_id) IS DISTINCT FROM (NEW.fecha_registro, NEW.servicio, NEW.doctor_id)) THEN
    INSERT INTO dashboard_consultations_daily AS r (dia, servicio, doctor_id, consultas)
    VALUES ((NEW.fecha_registro AT TIME ZONE 'America/Panama')::date, NEW.servicio, NEW.doctor_id, 1)
    ON CONFLICT (dia, servicio, doctor_id) DO UPDATE SET consultas = r.consultas + 1;
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD.fecha_registro, OLD.permiso_chat, OLD.payment_id) IS NOT DISTINCT FROM (NEW.fecha_registro, NEW.permiso_chat, NEW.payment_id) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM dashboard_consultation_authorisation(OLD.fecha_registro, OLD.permiso_chat, OLD.payment_id, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM dashboard_consultation_authorisation(NEW.fecha_registro, NEW.permiso_chat, NEW.payment_id, 1); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER dashboard_consultations_rollup AFTER INSERT OR UPDATE OR DELETE ON consultations
  FOR EACH ROW EXECUTE FUNCTION dashboard_consultations_rollup();--> statement-breakpoint
CREATE FUNCTION dashboard_payments_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE c record;
BEGIN
  -- Revenue: approved payments by the Panama day they were made, service and method.
  IF TG_OP = 'DELETE' OR TG_OP = 'INSERT'
     OR (OLD.estado, OLD.created_at, OLD.servicio, OLD.metodo_de_pago, OLD.monto_cents) IS DISTINCT FROM (NEW.estado, NEW.created_at, NEW.servicio, NEW.metodo_de_pago, NEW.monto_cents) THEN
    IF TG_OP <> 'INSERT' AND OLD.estado = 'aprobado' THEN
      UPDATE dashboard_revenue_daily SET pagos = pagos - 1, monto_cents = monto_cents - OLD.monto_cents
      WHERE dia = (OLD.created_at AT TIME ZONE 'America/Panama')::date AND servicio = OLD.servicio AND metodo = OLD.metodo_de_pago;
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.estado = 'aprobado' THEN
      INSERT INTO dashboard_revenue_daily AS r (dia, servicio, metodo, pagos, monto_cents)
      VALUES ((NEW.created_at AT TIME ZONE 'America/Panama')::date, NEW.servicio, NEW.metodo_de_pago, 1, NEW.monto_cents)
      ON CONFLICT (dia, servicio, metodo) DO UPDATE SET pagos = r.pagos + 1, monto_cents = r.monto_cents + EXCLUDED.monto_cents;
    END IF;
  END IF;
  -- The authorisation wait of the consultation this payment pays for (none yet when it is inserted:
  -- the consultation is written after its payment).
  IF TG_OP = 'UPDATE'
     AND (OLD.estado, OLD.created_at, OLD.decidido_at, OLD.metodo_de_pago) IS DISTINCT FROM (NEW.estado, NEW.created_at, NEW.decidido_at, NEW.metodo_de_pago) THEN
    SELECT fecha_registro, permiso_chat INTO c FROM consultations WHERE payment_id = NEW.id;
    IF FOUND AND c.permiso_chat THEN
      IF OLD.estado = 'aprobado' AND OLD.decidido_at IS NOT NULL THEN
        PERFORM dashboard_bump_authorisation((c.fecha_registro AT TIME ZONE 'America/Panama')::date, OLD.metodo_de_pago, OLD.decidido_at - OLD.created_at, -1);
      END IF;
      IF NEW.estado = 'aprobado' AND NEW.decidido_at IS NOT NULL THEN
        PERFORM dashboard_bump_authorisation((c.fecha_registro AT TIME ZONE 'America/Panama')::date, NEW.metodo_de_pago, NEW.decidido_at - NEW.created_at, 1);
      END IF;
    END IF;
  ELSIF TG_OP = 'DELETE' AND OLD.estado = 'aprobado' AND OLD.decidido_at IS NOT NULL THEN
    SELECT fecha_registro, permiso_chat INTO c FROM consultations WHERE payment_id = OLD.id;
    IF FOUND AND c.permiso_chat THEN
      PERFORM dashboard_bump_authorisation((c.fecha_registro AT TIME ZONE 'America/Panama')::date, OLD.metodo_de_pago, OLD.decidido_at - OLD.created_at, -1);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER dashboard_payments_rollup AFTER INSERT OR UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION dashboard_payments_rollup();--> statement-breakpoint
CREATE FUNCTION dashboard_bump_appointments(p_dia date, p_servicio text, p_doctor uuid, p_citas int, p_marcadas int, p_no_asistio int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_appointments_daily AS r (dia, servicio, doctor_id, citas, marcadas, no_asistio)
  VALUES (p_dia, p_servicio, p_doctor, p_citas, p_marcadas, p_no_asistio)
  ON CONFLICT (dia, servicio, doctor_id) DO UPDATE
    SET citas = r.citas + EXCLUDED.citas, marcadas = r.marcadas + EXCLUDED.marcadas, no_asistio = r.no_asistio + EXCLUDED.no_asistio;
END $$;--> statement-breakpoint
CREATE FUNCTION dashboard_appointments_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND OLD.estado IN ('pendiente', 'confirmada');
  now_counted boolean := TG_OP <> 'DELETE' AND NEW.estado IN ('pendiente', 'confirmada');
BEGIN
  IF TG_OP = 'UPDATE' AND was = now_counted
     AND (OLD.fecha, OLD.servicio, OLD.doctor_id, OLD.asistencia) IS NOT DISTINCT FROM (NEW.fecha, NEW.servicio, NEW.doctor_id, NEW.asistencia) THEN
    RETURN NULL;
  END IF;
  -- Two rows in one key order (a reschedule takes one day's count back and adds to another's):
  -- two moves crossing each other's days then lock the roll-up rows in the same order, never a deadlock.
  IF was AND now_counted AND (NEW.fecha, NEW.servicio, NEW.doctor_id::text) < (OLD.fecha, OLD.servicio, OLD.doctor_id::text) THEN
    PERFORM dashboard_bump_appointments(NEW.fecha, NEW.servicio, NEW.doctor_id, 1, (NEW.asistencia IS NOT NULL)::int, (coalesce(NEW.asistencia = 'no_asistio', false))::int);
    PERFORM dashboard_bump_appointments(OLD.fecha, OLD.servicio, OLD.doctor_id, -1, -(OLD.asistencia IS NOT NULL)::int, -(coalesce(OLD.asistencia = 'no_asistio', false))::int);
    RETURN NULL;
  END IF;
  IF was THEN
    PERFORM dashboard_bump_appointments(OLD.fecha, OLD.servicio, OLD.doctor_id, -1, -(OLD.asistencia IS NOT NULL)::int, -(coalesce(OLD.asistencia = 'no_asistio', false))::int);
  END IF;
  IF now_counted THEN
    PERFORM dashboard_bump_appointments(NEW.fecha, NEW.servicio, NEW.doctor_id, 1, (NEW.asistencia IS NOT NULL)::int, (coalesce(NEW.asistencia = 'no_asistio', false))::int);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER dashboard_appointments_rollup AFTER INSERT OR UPDATE OR DELETE ON appointments
  FOR EACH ROW EXECUTE FUNCTION dashboard_appointments_rollup();--> statement-breakpoint
CREATE FUNCTION dashboard_refunds_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND OLD.estado = 'completado' AND OLD.completado_at IS NOT NULL;
  now_counted boolean := TG_OP <> 'DELETE' AND NEW.estado = 'completado' AND NEW.completado_at IS NOT NULL;
BEGIN
  IF TG_OP = 'UPDATE' AND was = now_counted AND (OLD.completado_at, OLD.metodo, OLD.monto_cents) IS NOT DISTINCT FROM (NEW.completado_at, NEW.metodo, NEW.monto_cents) THEN
    RETURN NULL;
  END IF;
  IF was THEN
    UPDATE dashboard_refunds_daily SET reembolsos = reembolsos - 1, monto_cents = monto_cents - OLD.monto_cents
    WHERE dia = (OLD.completado_at AT TIME ZONE 'America/Panama')::date AND metodo = OLD.metodo;
  END IF;
  IF now_counted THEN
    INSERT INTO dashboard_refunds_daily AS r (dia, metodo, reembolsos, monto_cents)
    VALUES ((NEW.completado_at AT TIME ZONE 'America/Panama')::date, NEW.metodo, 1, NEW.monto_cents)
    ON CONFLICT (dia, metodo) DO UPDATE SET reembolsos = r.reembolsos + 1, monto_cents = r.monto_cents + EXCLUDED.monto_cents;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER dashboard_refunds_rollup AFTER INSERT OR UPDATE OR DELETE ON refunds
  FOR EACH ROW EXECUTE FUNCTION dashboard_refunds_rollup();--> statement-breakpoint
-- The back-fill: the same figures counted once from the existing rows (the triggers keep them from here).
INSERT INTO dashboard_consultations_daily (dia, servicio, doctor_id, consultas)
SELECT (fecha_registro AT TIME ZONE 'America/Panama')::date, servicio, doctor_id, count(*) FROM consultations GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO dashboard_appointments_daily (dia, servicio, doctor_id, citas, marcadas, no_asistio)
SELECT fecha, servicio, doctor_id, count(*), count(*) FILTER (WHERE asistencia IS NOT NULL), count(*) FILTER (WHERE asistencia = 'no_asistio')
FROM appointments WHERE estado IN ('pendiente', 'confirmada') GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO dashboard_revenue_daily (dia, servicio, metodo, pagos, monto_cents)
SELECT (created_at AT TIME ZONE 'America/Panama')::date, servicio, metodo_de_pago, count(*), sum(monto_cents) FROM payments WHERE estado = 'aprobado' GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO dashboard_refunds_daily (dia, metodo, reembolsos, monto_cents)
SELECT (completado_at AT TIME ZONE 'America/Panama')::date, metodo, count(*), sum(monto_cents) FROM refunds WHERE estado = 'completado' AND completado_at IS NOT NULL GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO dashboard_authorisation_daily (dia, metodo, cubeta, consultas, espera_ms)
SELECT (c.fecha_registro AT TIME ZONE 'America/Panama')::date, p.metodo_de_pago, dashboard_wait_bucket(extract(epoch FROM p.decidido_at - p.created_at)::double precision),
       count(*), sum(round(extract(epoch FROM p.decidido_at - p.created_at)::double precision * 1000)::bigint)
FROM consultations c JOIN payments p ON p.id = c.payment_id
WHERE c.permiso_chat AND p.estado = 'aprobado' AND p.decidido_at IS NOT NULL
GROUP BY 1, 2, 3;
