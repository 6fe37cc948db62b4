-- Servers keep who-may-do-what in memory between requests (lib/auth-cache.ts). Any change that can
-- alter a caller's answer (a session ended or moved to another restaurant, a person deactivated, a role's
-- flags or members changed, a node moved, a restaurant's config saved) tells every server at commit,
-- whichever code path made it, so the next request everywhere is decided on the new state.
CREATE OR REPLACE FUNCTION ra_notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ra_auth_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_change AFTER UPDATE OR DELETE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION ra_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER users_auth_change AFTER UPDATE OR DELETE ON users FOR EACH STATEMENT EXECUTE FUNCTION ra_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER roles_auth_change AFTER UPDATE OR DELETE ON roles FOR EACH STATEMENT EXECUTE FUNCTION ra_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER user_roles_auth_change AFTER INSERT OR UPDATE OR DELETE ON user_roles FOR EACH STATEMENT EXECUTE FUNCTION ra_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER nodes_auth_change AFTER UPDATE OR DELETE ON nodes FOR EACH STATEMENT EXECUTE FUNCTION ra_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER restaurants_auth_change AFTER UPDATE OR DELETE ON restaurants FOR EACH STATEMENT EXECUTE FUNCTION ra_notify_auth_change();
