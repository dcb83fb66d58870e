-- CreateTable
CREATE TABLE "oidc_identities" (
    "provider" VARCHAR(40) NOT NULL,
    "subject" VARCHAR(255) NOT NULL,
    "user_id" UUID NOT NULL,
    "email" VARCHAR(255) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oidc_identities_pkey" PRIMARY KEY ("provider","subject")
);

-- CreateTable
CREATE TABLE "oidc_logins" (
    "state_hash" CHAR(64) NOT NULL,
    "provider" VARCHAR(40) NOT NULL,
    "nonce" VARCHAR(100) NOT NULL,
    "code_verifier" VARCHAR(200) NOT NULL,
    "return_to" VARCHAR(2000) NOT NULL,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "used_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oidc_logins_pkey" PRIMARY KEY ("state_hash")
);

-- CreateTable
CREATE TABLE "totp_factors" (
    "user_id" UUID NOT NULL,
    "secret" VARCHAR(64) NOT NULL,
    "confirmed_at" TIMESTAMPTZ(6),
    "last_step" BIGINT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "totp_factors_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "totp_recovery_codes" (
    "code_hash" CHAR(64) NOT NULL,
    "user_id" UUID NOT NULL,
    "used_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "totp_recovery_codes_pkey" PRIMARY KEY ("code_hash")
);

-- CreateIndex
CREATE INDEX "oidc_identities_user_id_idx" ON "oidc_identities"("user_id");

-- CreateIndex
CREATE INDEX "oidc_logins_expires_at_idx" ON "oidc_logins"("expires_at");

-- CreateIndex
CREATE INDEX "totp_recovery_codes_user_id_idx" ON "totp_recovery_codes"("user_id");

-- AddForeignKey
ALTER TABLE "oidc_identities" ADD CONSTRAINT "oidc_identities_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "totp_factors" ADD CONSTRAINT "totp_factors_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "totp_recovery_codes" ADD CONSTRAINT "totp_recovery_codes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
