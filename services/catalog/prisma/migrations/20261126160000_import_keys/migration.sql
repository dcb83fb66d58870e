-- CreateTable
CREATE TABLE "import_keys" (
    "import_key" VARCHAR(100) NOT NULL,
    "project_id" UUID NOT NULL,
    "response" JSONB,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "import_keys_pkey" PRIMARY KEY ("import_key")
);
