-- AlterTable
ALTER TABLE "uploads" ADD COLUMN     "project_id" UUID;

-- A photo already on items belongs to the project of the first item that took it (the earliest created).
UPDATE "uploads" u SET "project_id" = (
  SELECT i."project_id" FROM "items" i WHERE i."photo_key" = u."id" ORDER BY i."created_at", i."id" LIMIT 1
) WHERE u."project_id" IS NULL;
