-- AlterTable
ALTER TABLE "users" ADD COLUMN     "company" VARCHAR(200),
ADD COLUMN     "phone" VARCHAR(40);
