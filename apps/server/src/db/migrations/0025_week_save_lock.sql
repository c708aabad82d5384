-- The whole week's save (one statement) locks the person's week and reads its sheets after the lock: a statement's
-- own reads see the week as it was when the statement began, so a single save of the week committed between then
-- and the lock (a sheet new to the week) went unseen, and the two together could hold more than 24 hours a day.
-- Each statement of a function sees what was committed before it ran, so the sheets read here include it; a week
-- being written by a single save (its lock held) fails the statement as a serialization failure, as before.
CREATE FUNCTION timesheet_week_locked(person varchar, week date) RETURNS TABLE (id varchar, version text)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtextextended('timesheet-week:' || person || ':' || to_char(week, 'YYYY-MM-DD'), 0)) THEN
    PERFORM write_conflict('the week is being written');
  END IF;
  RETURN QUERY
    SELECT t.id::varchar, t.xmin::text FROM timesheets t
    WHERE t.person_id = person AND t.week_start = week
    ORDER BY t.id
    FOR UPDATE;
END
$$;
