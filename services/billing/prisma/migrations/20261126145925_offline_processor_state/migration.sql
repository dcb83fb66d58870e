-- CreateTable
CREATE TABLE "test_processor_intents" (
    "id" VARCHAR(64) NOT NULL,
    "client_secret" VARCHAR(128) NOT NULL,
    "idempotency_key" VARCHAR(255),
    "amount" INTEGER NOT NULL,
    "amount_received" INTEGER NOT NULL DEFAULT 0,
    "currency" VARCHAR(3) NOT NULL,
    "status" VARCHAR(40) NOT NULL DEFAULT 'requires_payment_method',
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "description" TEXT,
    "payment_method" VARCHAR(64),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "test_processor_intents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "test_processor_charges" (
    "id" VARCHAR(64) NOT NULL,
    "intent_id" VARCHAR(64) NOT NULL,
    "amount" INTEGER NOT NULL,
    "card_brand" VARCHAR(20) NOT NULL,
    "card_last4" VARCHAR(4) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "test_processor_charges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "test_processor_events" (
    "id" VARCHAR(64) NOT NULL,
    "intent_id" VARCHAR(64) NOT NULL,
    "type" VARCHAR(60) NOT NULL,
    "payload" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivery_started_at" TIMESTAMPTZ(6),
    "delivered_at" TIMESTAMPTZ(6),
    "delivery_attempts" INTEGER NOT NULL DEFAULT 0,
    "last_status" INTEGER,

    CONSTRAINT "test_processor_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "test_processor_intents_client_secret_key" ON "test_processor_intents"("client_secret");

-- CreateIndex
CREATE UNIQUE INDEX "test_processor_intents_idempotency_key_key" ON "test_processor_intents"("idempotency_key");

-- CreateIndex
CREATE UNIQUE INDEX "test_processor_charges_intent_id_key" ON "test_processor_charges"("intent_id");

-- CreateIndex
CREATE UNIQUE INDEX "test_processor_events_intent_id_type_key" ON "test_processor_events"("intent_id", "type");

-- AddForeignKey
ALTER TABLE "test_processor_charges" ADD CONSTRAINT "test_processor_charges_intent_id_fkey" FOREIGN KEY ("intent_id") REFERENCES "test_processor_intents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "test_processor_events" ADD CONSTRAINT "test_processor_events_intent_id_fkey" FOREIGN KEY ("intent_id") REFERENCES "test_processor_intents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
