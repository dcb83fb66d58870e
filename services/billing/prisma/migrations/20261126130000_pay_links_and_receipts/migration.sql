-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "receipt_sent_at" TIMESTAMPTZ(6);

-- CreateTable
CREATE TABLE "signing_keys" (
    "name" VARCHAR(50) NOT NULL,
    "secret" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "signing_keys_pkey" PRIMARY KEY ("name")
);
