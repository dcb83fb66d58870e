-- AlterTable
ALTER TABLE "costs" ADD COLUMN     "recorded_at" TIMESTAMPTZ(6),
ADD COLUMN     "source_key" VARCHAR(120);

-- CreateIndex
CREATE UNIQUE INDEX "costs_source_key_key" ON "costs"("source_key");
