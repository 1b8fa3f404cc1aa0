// Migration 1: the API's first schema: sites, accounts, devices, web sessions, rate limits and the append-only audit.

extension Migration {
    static let v001AccountsSitesDevicesAudit = Migration(
        version: 1, name: "accounts, sites, devices, sessions, rate limits, audit",
        statements: [
            """
            CREATE TABLE sites (id serial PRIMARY KEY,
              name text NOT NULL UNIQUE CHECK (name ~ '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$'),
              created_at timestamptz NOT NULL DEFAULT now())
            """,
            """
            CREATE TABLE users (id serial PRIMARY KEY, name text NOT NULL UNIQUE,
              role text NOT NULL CHECK (role IN ('admin', 'supervisor', 'researcher')),
              password_hash text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())
            """,
            """
            CREATE TABLE user_sites (user_id int NOT NULL REFERENCES users ON DELETE CASCADE,
              site_id int NOT NULL REFERENCES sites, PRIMARY KEY (user_id, site_id))
            """,
            """
            CREATE TABLE web_sessions (token_hash text PRIMARY KEY,
              user_id int NOT NULL REFERENCES users ON DELETE CASCADE,
              created_at timestamptz NOT NULL DEFAULT now(), expires_at timestamptz NOT NULL)
            """,
            """
            CREATE TABLE devices (id uuid PRIMARY KEY, site_id int NOT NULL REFERENCES sites,
              name text NOT NULL, token_hash text NOT NULL UNIQUE,
              enrolled_at timestamptz NOT NULL DEFAULT now(), revoked_at timestamptz)
            """,
            """
            CREATE TABLE enrolment_codes (code_hash text PRIMARY KEY, site_id int NOT NULL REFERENCES sites,
              created_by text NOT NULL, created_at timestamptz NOT NULL DEFAULT now(),
              expires_at timestamptz NOT NULL, used_at timestamptz, device_id uuid REFERENCES devices)
            """,
            """
            CREATE TABLE rate_limits (bucket text NOT NULL, window_start timestamptz NOT NULL,
              hits int NOT NULL, PRIMARY KEY (bucket, window_start))
            """,
            """
            CREATE TABLE audit (id bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT clock_timestamp(),
              actor text NOT NULL, role text NOT NULL, action text NOT NULL, site text, participant text,
              before jsonb, after jsonb, request_id text)
            """,
            """
            CREATE FUNCTION audit_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION 'the audit table is append-only'; END $$
            """,
            """
            CREATE TRIGGER audit_append_only BEFORE UPDATE OR DELETE ON audit
              FOR EACH ROW EXECUTE FUNCTION audit_is_append_only()
            """,
            """
            CREATE TRIGGER audit_no_truncate BEFORE TRUNCATE ON audit
              FOR EACH STATEMENT EXECUTE FUNCTION audit_is_append_only()
            """,
            // The server's own role keeps INSERT and SELECT only (the triggers hold even for a superuser).
            "REVOKE UPDATE, DELETE, TRUNCATE ON audit FROM CURRENT_USER",
        ])
}
