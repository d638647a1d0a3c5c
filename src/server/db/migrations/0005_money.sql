CREATE TABLE "ledger_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reservation_id" integer,
	"account_id" integer,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"event_id" text NOT NULL,
	"charge_id" integer,
	"document_id" integer,
	"event_name" text,
	"first_day" date,
	"last_day" date,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('charge', 'refund')),
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_reservation_id_reservations_id_fk";
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "kind" text DEFAULT 'upload' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "price_cents" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_event_key" ON "ledger_entries" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_reservation_idx" ON "ledger_entries" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_kind_check" CHECK ("documents"."kind" in ('upload', 'receipt', 'credit_note'));--> statement-breakpoint
-- Existing data in the new shape (docs/money.md): receipts are the documents
-- written with a reservation id; each payment taken becomes a charge of the
-- ledger, pointing at its receipt; a paid reservation's price is what was paid.
UPDATE "documents" SET "kind" = 'receipt' WHERE "reservation_id" IS NOT NULL AND "uploaded_by" IS NULL;--> statement-breakpoint
INSERT INTO "ledger_entries" ("reservation_id", "account_id", "kind", "amount_cents", "currency", "provider", "reference", "event_id", "document_id", "event_name", "first_day", "last_day", "created_at")
SELECT p."reservation_id", u."account_id", 'charge', p."amount_cents", p."currency", p."provider", p."reference", p."event_id",
  (SELECT d."id" FROM "documents" d WHERE d."reservation_id" = p."reservation_id" AND d."kind" = 'receipt' ORDER BY d."id" LIMIT 1),
  r."event_name", r."first_day", r."last_day", p."paid_at"
FROM "payments" p JOIN "reservations" r ON r."id" = p."reservation_id" JOIN "users" u ON u."id" = r."user_id"
ORDER BY p."id";--> statement-breakpoint
UPDATE "reservations" r SET "price_cents" = p."amount_cents", "currency" = p."currency" FROM "payments" p WHERE p."reservation_id" = r."id";--> statement-breakpoint
DROP TABLE "payments" CASCADE;--> statement-breakpoint
-- The ledger is append-only: no UPDATE, no DELETE, whoever asks.
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries cannot be changed or deleted';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();--> statement-breakpoint
-- Receipts and credit notes are records: they are never deleted.
CREATE FUNCTION "documents_keep_records"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."kind" <> 'upload' THEN
    RAISE EXCEPTION 'receipts and credit notes cannot be deleted';
  END IF;
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "documents_keep_records" BEFORE DELETE ON "documents" FOR EACH ROW EXECUTE FUNCTION "documents_keep_records"();
