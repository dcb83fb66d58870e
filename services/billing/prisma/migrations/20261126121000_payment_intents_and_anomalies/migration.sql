-- AlterTable
ALTER TABLE "invoices" ADD COLUMN     "replaces_invoice_id" UUID;

-- CreateTable
CREATE TABLE "payment_intents" (
    "id" VARCHAR(255) NOT NULL,
    "invoice_id" UUID NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "status" VARCHAR(20) NOT NULL DEFAULT 'open',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_intents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_anomalies" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "kind" VARCHAR(30) NOT NULL,
    "invoice_id" UUID,
    "intent_id" VARCHAR(255) NOT NULL,
    "event_id" VARCHAR(255) NOT NULL,
    "amount" VARCHAR(40) NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_anomalies_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "payment_intents_invoice_id_status_idx" ON "payment_intents"("invoice_id", "status");

-- CreateIndex
CREATE INDEX "payment_anomalies_created_at_idx" ON "payment_anomalies"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "payment_anomalies_intent_id_kind_key" ON "payment_anomalies"("intent_id", "kind");
