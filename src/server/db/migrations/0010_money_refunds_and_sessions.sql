CREATE TABLE "checkout_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "checkout_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"session_id" text NOT NULL,
	"reservation_id" integer NOT NULL,
	"user_id" integer,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "checkout_sessions_status_check" CHECK ("checkout_sessions"."status" in ('open', 'processing', 'paid', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"charge_id" integer NOT NULL,
	"reservation_id" integer,
	"account_id" integer,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"cause" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"reason" text NOT NULL,
	"requested_by" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_reference" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"ledger_entry_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_cents" > 0),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('pending', 'processing', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_charge_id_ledger_entries_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_session_key" ON "checkout_sessions" USING btree ("provider","session_id");--> statement-breakpoint
CREATE INDEX "checkout_sessions_reservation_idx" ON "checkout_sessions" USING btree ("reservation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_charge_cause_key" ON "refunds" USING btree ("charge_id","cause");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "refunds_reservation_idx" ON "refunds" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "refunds_reference_idx" ON "refunds" USING btree ("provider","provider_reference");--> statement-breakpoint
-- Refunds made before this release become refunds already confirmed, each with its ledger entry.
INSERT INTO "refunds" ("charge_id", "reservation_id", "account_id", "amount_cents", "currency", "provider", "cause", "idempotency_key", "reason", "status", "provider_reference", "attempts", "ledger_entry_id", "created_at", "completed_at")
SELECT l."charge_id", l."reservation_id", l."account_id", l."amount_cents", l."currency", l."provider", 'recorded:' || l."id", l."provider" || ':' || l."event_id", coalesce(l."reason", ''), 'succeeded', l."reference", 1, l."id", l."created_at", l."created_at"
FROM "ledger_entries" l
WHERE l."kind" = 'refund' AND l."charge_id" IS NOT NULL;
--> statement-breakpoint
-- Checkout sessions opened before this release are not recorded: until this time, a paid one that
-- names a reservation is still taken as the house's own (a session lives at most a day).
INSERT INTO "app_secrets" ("name", "value")
SELECT 'unrecorded-checkout-sessions-until', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
WHERE EXISTS (SELECT 1 FROM "reservations")
ON CONFLICT DO NOTHING;
