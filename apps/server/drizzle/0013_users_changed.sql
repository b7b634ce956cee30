-- The embedded database keeps users' profiles in its one process (apps/server/src/modules/user/
-- profile-cache.ts) and must learn of every change to a user's row, whichever code path makes it: this
-- trigger tells it, as a notification on channel `users_changed` with the user's id, which PostgreSQL
-- delivers when the change commits (never for a change rolled back). Only a session that asked for it
-- (`set brokerage.watch_users = on`: the embedded database's one session) sends it; on a PostgreSQL
-- server, where nothing keeps profiles, the trigger does nothing else.
CREATE FUNCTION "users_changed_notify"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('brokerage.watch_users', true) = 'on' THEN
    PERFORM pg_notify('users_changed', OLD.id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_changed_notify"();
