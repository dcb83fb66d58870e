-- CreateTable
CREATE TABLE "delivery_notices" (
    "delivery_id" UUID NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "next_attempt_at" TIMESTAMPTZ(6) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "sent_at" TIMESTAMPTZ(6),

    CONSTRAINT "delivery_notices_pkey" PRIMARY KEY ("delivery_id","kind")
);

-- CreateIndex
CREATE INDEX "delivery_notices_sent_at_next_attempt_at_idx" ON "delivery_notices"("sent_at", "next_attempt_at");

-- AddForeignKey
ALTER TABLE "delivery_notices" ADD CONSTRAINT "delivery_notices_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
