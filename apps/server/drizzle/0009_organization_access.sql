-- The organization guard's question in one round trip: the organization (whether it is a demo
-- one) and the caller's role in it, or no row when it does not exist. Memberships are
-- row-level secured (a user reads their own rows under app.user_id), so the function sets
-- app.user_id for its own query and puts back what was there: called inside another
-- transaction it leaves that transaction's settings as they were. Not SECURITY DEFINER: it
-- runs with the caller's rights and its policies.
CREATE FUNCTION "organization_access"("p_user_id" uuid, "p_organization_id" uuid)
RETURNS TABLE ("is_demo" boolean, "role" text)
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  previous text := current_setting('app.user_id', true);
BEGIN
  PERFORM set_config('app.user_id', p_user_id::text, true);
  RETURN QUERY
    SELECT o.is_demo, m.role
    FROM organizations o
    LEFT JOIN memberships m ON m.organization_id = o.id AND m.user_id = p_user_id
    WHERE o.id = p_organization_id;
  PERFORM set_config('app.user_id', coalesce(previous, ''), true);
END
$$;
