-- The project-access read model (projects and who reaches them), in the schema of a service that opted in
-- (search_path is set to it). Logistics and billing created these tables in their own first Prisma
-- migrations, each with the columns it needed, before the kit owned them: every statement adopts such a
-- table with its rows and adds what the other service had, so every schema converges to one shape.
CREATE TABLE IF NOT EXISTS projects (
    id UUID NOT NULL,
    name VARCHAR(255),
    owner_id UUID NOT NULL,
    client_name VARCHAR(255),
    client_email VARCHAR(255),
    share_token VARCHAR(64),
    facts_at TIMESTAMPTZ(6) NOT NULL,
    updated_at TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT projects_pkey PRIMARY KEY (id)
);
ALTER TABLE projects
    ADD COLUMN IF NOT EXISTS name VARCHAR(255),
    ADD COLUMN IF NOT EXISTS client_name VARCHAR(255),
    ADD COLUMN IF NOT EXISTS client_email VARCHAR(255),
    ADD COLUMN IF NOT EXISTS share_token VARCHAR(64),
    ADD COLUMN IF NOT EXISTS updated_at TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP;
CREATE INDEX IF NOT EXISTS projects_owner_id_idx ON projects (owner_id);

-- A removal keeps the row (inactive) with its time, so a late redelivery of an older "added" cannot
-- bring the member back.
CREATE TABLE IF NOT EXISTS project_members (
    project_id UUID NOT NULL,
    user_id UUID NOT NULL,
    role VARCHAR(20) NOT NULL,
    active BOOLEAN NOT NULL,
    changed_at TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT project_members_pkey PRIMARY KEY (project_id, user_id)
);
CREATE INDEX IF NOT EXISTS project_members_user_id_idx ON project_members (user_id);
