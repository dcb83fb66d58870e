-- AlterTable
ALTER TABLE "arrivals" ADD COLUMN     "discard_reason" VARCHAR(500),
ADD COLUMN     "discarded_at" TIMESTAMPTZ(6),
ADD COLUMN     "discarded_by" UUID;

-- AlterTable
ALTER TABLE "deliveries" ADD COLUMN     "early_reason" VARCHAR(500),
ADD COLUMN     "run_stop" INTEGER;
