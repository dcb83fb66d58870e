-- AlterTable
ALTER TABLE "items" ADD COLUMN     "out_for_delivery_at" TIMESTAMPTZ(6);
