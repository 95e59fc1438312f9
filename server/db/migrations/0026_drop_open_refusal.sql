-- A signed-in user's open no longer refuses inside its statement: opens that arrive together
-- share one transaction, which deletes a refused open's visit before it commits
-- (server/domain/accounts/user-openings.ts). The function 0025 added is no longer called.
DROP FUNCTION IF EXISTS refuse_course_opening(text);
