-- CreateTable
CREATE TABLE "photos" (
    "key" UUID NOT NULL,
    "owner_id" UUID NOT NULL,
    "project_id" UUID,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "photos_pkey" PRIMARY KEY ("key")
);
