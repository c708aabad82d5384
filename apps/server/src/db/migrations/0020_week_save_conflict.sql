-- A statement that finds what it read changed meanwhile fails itself as a serialization failure (40001), as a
-- transaction would: nothing it wrote stays, and the server runs the request's write again from its reads.
CREATE FUNCTION write_conflict(message text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'serialization_failure', MESSAGE = message;
END
$$;
