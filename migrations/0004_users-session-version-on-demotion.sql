-- Written by hand: drizzle-kit does not model triggers (see usersTable.sessionVersion in db/schema.ts).
-- An admin who loses the role is signed out everywhere at once, however the role was changed
-- (the API, a script or SQL by hand): every token carries the version it was issued under.
CREATE FUNCTION "users_revoke_sessions_on_demotion"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.role = 'admin' AND NEW.role IS DISTINCT FROM 'admin' THEN
    NEW.session_version := OLD.session_version + 1;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_revoke_sessions_on_demotion"
  BEFORE UPDATE OF "role" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_revoke_sessions_on_demotion"();
