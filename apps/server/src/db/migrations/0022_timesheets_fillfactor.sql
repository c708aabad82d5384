-- A week save rewrites the week's sheets: with room left on each page, PostgreSQL updates a sheet in place (a HOT
-- update) without adding an entry to each of its four indexes. Under a load of week saves, HOT updates went from
-- about 86% to 96% of the updates, and the saves a second rose 4–11%. Pages written from now on keep the room.
ALTER TABLE "timesheets" SET (fillfactor = 80);
