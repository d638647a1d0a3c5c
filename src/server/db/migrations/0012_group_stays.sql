CREATE TABLE "agreements" (
	"reservation_id" integer PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"title" text NOT NULL,
	"paragraphs" jsonb NOT NULL,
	"full_name" text NOT NULL,
	"accepted_by" integer,
	"accepted_by_username" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text NOT NULL,
	"terms" jsonb NOT NULL,
	"document_id" integer
);
--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_kind_check";--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "guests" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "meal_plan" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "final_guests" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "deposit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "price_terms" jsonb;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "invoice_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_kind_check" CHECK ("documents"."kind" in ('upload', 'receipt', 'credit_note', 'invoice', 'agreement'));