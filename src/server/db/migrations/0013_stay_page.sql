CREATE TABLE "attendee_links" (
	"reservation_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "attendee_links_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "attendees" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attendees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reservation_id" integer NOT NULL,
	"name" text NOT NULL,
	"diet" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"reservation_id" integer PRIMARY KEY NOT NULL,
	"diets" jsonb NOT NULL,
	"diet_notes" text DEFAULT '' NOT NULL,
	"rooming" jsonb NOT NULL,
	"arrival_time" text,
	"setup" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_kind_check";--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "expires_on" date;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attendee_links" ADD CONSTRAINT "attendee_links_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendees" ADD CONSTRAINT "attendees_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendees_reservation_idx" ON "attendees" USING btree ("reservation_id","id");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_kind_check" CHECK ("documents"."kind" in ('upload', 'receipt', 'credit_note', 'invoice', 'agreement', 'insurance'));--> statement-breakpoint
-- Stays approved before this release: approved when the house recorded it, else at their last change.
UPDATE "reservations" r SET "approved_at" = coalesce(
	(SELECT max(e."created_at") FROM "account_events" e WHERE e."reservation_id" = r."id" AND e."kind" = 'reservation_approved'),
	r."updated_at")
WHERE r."status" = 'approved';
--> statement-breakpoint
-- Insurance certificates are the church's own uploads: they may be deleted like any upload.
CREATE OR REPLACE FUNCTION "documents_keep_records"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."kind" NOT IN ('upload', 'insurance') THEN
    RAISE EXCEPTION 'receipts, credit notes, invoices and agreements cannot be deleted';
  END IF;
  RETURN OLD;
END;
$$;
