-- AlterTable
ALTER TABLE "payment_anomalies" ADD COLUMN     "handled_at" TIMESTAMPTZ(6),
ADD COLUMN     "handled_by" VARCHAR(320),
ADD COLUMN     "handled_note" VARCHAR(1000);
