-- Opening a course is one statement in autocommit (server/domain/accounts/credits.ts): it records
-- the day's visit and spends the credit. When it may not spend, the statement calls this
-- function with the refusal's SQLSTATE (KK001: no credit left, KK002: no such account). Its error
-- aborts the whole statement, so the visit the statement inserted is gone with it.
CREATE OR REPLACE FUNCTION refuse_course_opening(refusal text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = refusal, MESSAGE = 'course opening refused (' || refusal || ')';
END;
$$;
