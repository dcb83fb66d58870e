-- AlterTable
ALTER TABLE "items" ADD COLUMN     "custody_end" VARCHAR(20),
ADD COLUMN     "custody_ended_at" TIMESTAMPTZ(6),
ADD COLUMN     "custody_since" TIMESTAMPTZ(6),
ADD COLUMN     "in_custody" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "location_code" VARCHAR(32),
ADD COLUMN     "pieces" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "pieces_received" INTEGER NOT NULL DEFAULT 0;
