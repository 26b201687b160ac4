-- The id of the dial request that made the bind (its x-request-id): the server hands it to Kamailio
-- with the call's invite event, Kamailio's later events of the call carry it back, and the server
-- logs each event with it, so one search of the logs follows a call from the click to its end.
ALTER TABLE "call_binds" ADD COLUMN "request_id" text;
