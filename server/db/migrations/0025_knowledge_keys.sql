-- safe: the knowledge base is new in this release (migration 0022) and holds a few hundred entries at most; every entry gets a key (school-<id> for those the school wrote), so export and import carry them and their relations
UPDATE "knowledge_entries" SET "key" = 'school-' || "id" WHERE "key" IS NULL;--> statement-breakpoint
-- safe: the knowledge base is new in this release (migration 0022) and holds a few hundred entries at most, so the check reads little
ALTER TABLE "knowledge_entries" ALTER COLUMN "key" SET NOT NULL;
