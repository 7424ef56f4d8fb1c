-- One schema for SQLite and PostgreSQL (through sqlx's Any driver): only
-- TEXT and BIGINT columns, no engine-specific types.

-- A table of one game: its setup lives in its first event.
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    finished BIGINT NOT NULL DEFAULT 0,
    -- The server process that owns the table while it is played
    -- (PostgreSQL shared by several processes), and when it said so last.
    owner TEXT,
    heartbeat BIGINT NOT NULL DEFAULT 0
);

-- Every event of a table, numbered from 1: the table is rebuilt from them.
-- client_id: the id a person's action carried (for duplicates and the
-- load test's check that no acknowledged action is missing).
CREATE TABLE events (
    table_id TEXT NOT NULL,
    number BIGINT NOT NULL,
    member BIGINT,
    client_id BIGINT,
    body TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);

-- The seat tokens: whoever holds one acts for that member.
CREATE TABLE seats (
    table_id TEXT NOT NULL,
    member BIGINT NOT NULL,
    token TEXT NOT NULL UNIQUE,
    PRIMARY KEY (table_id, member)
);

-- The people who sat at a table, for their history pages.
CREATE TABLE players (
    table_id TEXT NOT NULL,
    member BIGINT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (table_id, member, name)
);
CREATE INDEX players_by_name ON players (name);

-- Table chat.
CREATE TABLE chat (
    table_id TEXT NOT NULL,
    number BIGINT NOT NULL,
    name TEXT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
