ALTER TABLE "questionnaires" ADD COLUMN "unplaced" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD COLUMN "final_guests" integer;--> statement-breakpoint
-- A questionnaire saved before this release gave its count to the stay at once: that
-- count is the leader's answer as well (docs/stays.md, "The questionnaire").
UPDATE "questionnaires" q SET "final_guests" = r."final_guests"
	FROM "reservations" r WHERE r."id" = q."reservation_id";
