CREATE TABLE "reservations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reservations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"event_name" text NOT NULL,
	"event_description" text NOT NULL,
	"additional_info" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"admin_notes" text,
	"cancellation_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_days_order" CHECK ("reservations"."last_day" >= "reservations"."first_day"),
	CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" in ('pending', 'approved', 'rejected', 'cancelled')),
	CONSTRAINT "reservations_payment_status_check" CHECK ("reservations"."payment_status" in ('unpaid', 'paid'))
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservations_user_idx" ON "reservations" USING btree ("user_id","first_day");--> statement-breakpoint
CREATE INDEX "reservations_days_idx" ON "reservations" USING btree ("first_day","last_day");