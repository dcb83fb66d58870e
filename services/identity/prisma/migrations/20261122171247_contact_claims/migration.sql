-- AlterTable
ALTER TABLE "contact_messages" ADD COLUMN     "claimed_until" TIMESTAMPTZ(6);
