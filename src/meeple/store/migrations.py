"""The versioned schema. Each migration runs once, in order, in its own transaction.

The SQL is the common subset of SQLite and PostgreSQL, so one list serves both.
Never edit a migration that has shipped: add a new one at the end.
"""

from __future__ import annotations

MIGRATIONS: list[tuple[int, str, list[str]]] = [
    (1, "accounts, tables, seats, the move log and pending turns", [
        """CREATE TABLE users (
            id TEXT PRIMARY KEY,
            username TEXT UNIQUE,
            name TEXT NOT NULL,
            password_hash TEXT,
            guest INTEGER NOT NULL,
            created DOUBLE PRECISION NOT NULL)""",
        """CREATE TABLE sessions (
            token_hash TEXT PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id),
            created DOUBLE PRECISION NOT NULL,
            expires DOUBLE PRECISION NOT NULL)""",
        """CREATE TABLE hall_tables (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            players INTEGER NOT NULL,
            options TEXT NOT NULL,
            seed BIGINT NOT NULL,
            clock TEXT NOT NULL,
            clock_state TEXT NOT NULL,
            public INTEGER NOT NULL,
            status TEXT NOT NULL,
            creator TEXT,
            created DOUBLE PRECISION NOT NULL,
            version INTEGER NOT NULL)""",
        "CREATE INDEX hall_tables_status ON hall_tables(status)",
        """CREATE TABLE seats (
            table_id TEXT NOT NULL REFERENCES hall_tables(id),
            seat INTEGER NOT NULL,
            type TEXT NOT NULL,
            level TEXT,
            user_id TEXT,
            name TEXT,
            token_hash TEXT NOT NULL,
            bot_playing INTEGER NOT NULL,
            reason TEXT,
            PRIMARY KEY (table_id, seat))""",
        "CREATE INDEX seats_user ON seats(user_id)",
        """CREATE TABLE moves (
            table_id TEXT NOT NULL REFERENCES hall_tables(id),
            seq INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            move TEXT NOT NULL,
            created DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (table_id, seq))""",
        """CREATE TABLE pending (
            table_id TEXT NOT NULL REFERENCES hall_tables(id),
            seat INTEGER NOT NULL,
            base_seq INTEGER NOT NULL,
            moves TEXT NOT NULL,
            PRIMARY KEY (table_id, seat))""",
    ]),
    (2, "ratings per player per game, each finished table's results, rated tables and rematches", [
        # Tables stored before this version were never rated: they stay friendly.
        "ALTER TABLE hall_tables ADD COLUMN rated INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE hall_tables ADD COLUMN rematch TEXT",
        # A rematch seat kept for the player who sat there (a user id) until the table starts.
        "ALTER TABLE seats ADD COLUMN reserved TEXT",
        # player: a user id, or "bot:<level>" (one rating per bot level per game).
        """CREATE TABLE ratings (
            game TEXT NOT NULL,
            player TEXT NOT NULL,
            name TEXT NOT NULL,
            mu DOUBLE PRECISION NOT NULL,
            sigma DOUBLE PRECISION NOT NULL,
            games INTEGER NOT NULL,
            updated DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (game, player))""",
        "CREATE INDEX ratings_player ON ratings(player)",
        # One row per seat of each finished table, written once with the move that ended it (the key
        # refuses a second write); mu and sigma are the player's rating after it (null: not rated).
        """CREATE TABLE results (
            table_id TEXT NOT NULL REFERENCES hall_tables(id),
            seat INTEGER NOT NULL,
            game TEXT NOT NULL,
            player TEXT NOT NULL,
            name TEXT NOT NULL,
            players INTEGER NOT NULL,
            rank INTEGER NOT NULL,
            score INTEGER NOT NULL,
            rated INTEGER NOT NULL,
            mu DOUBLE PRECISION,
            sigma DOUBLE PRECISION,
            created DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (table_id, seat))""",
        "CREATE INDEX results_player ON results(player, created)",
    ]),
    (3, "table chat", [
        # n counts a table's messages (1, 2, ...); seat is null for a spectator's message.
        """CREATE TABLE chat (
            table_id TEXT NOT NULL REFERENCES hall_tables(id),
            n INTEGER NOT NULL,
            seat INTEGER,
            user_id TEXT,
            name TEXT NOT NULL,
            text TEXT NOT NULL,
            created DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (table_id, n))""",
    ]),
    (4, "a finished table's summary as the lists show it, so that no list replays a finished game", [
        # JSON of Table.summary(), written once the table is finished (its seats and outcome no
        # longer change; the rematch pointer is read from its own column).
        "ALTER TABLE hall_tables ADD COLUMN summary TEXT",
    ]),
    (5, "when stand-in bots played a seat, so the log and the ranking can say so", [
        # JSON list of {seat, reason, from, until}: a bot played `seat` after move `from` up to move
        # `until` (null: to the end). Tables stored before it list none.
        "ALTER TABLE hall_tables ADD COLUMN stand_ins TEXT NOT NULL DEFAULT '[]'",
    ]),
    (6, "a result a stand-in bot finished for its player, so no personal best counts it", [
        "ALTER TABLE results ADD COLUMN forfeit INTEGER NOT NULL DEFAULT 0",
        # Results stored before: a seat whose stand-in period never closed (stand_ins is compact JSON
        # with sorted keys, so "seat":N,"until":null is that seat's open period). REPLACE finds it in
        # both databases (LIKE's % would be a placeholder to psycopg).
        """UPDATE results SET forfeit = 1 WHERE EXISTS (SELECT 1 FROM hall_tables h WHERE h.id = results.table_id
            AND h.stand_ins <> REPLACE(h.stand_ins, '"seat":' || CAST(results.seat AS TEXT) || ',"until":null', ''))""",
    ]),
    (7, "game reviews stored with their table, hints turned off by a table's creator, hints each seat took", [
        # A finished table's review (analysis/review.py's JSON), computed once (store/reviews.py).
        """CREATE TABLE reviews (
            table_id TEXT PRIMARY KEY REFERENCES hall_tables(id),
            review TEXT NOT NULL,
            cpu_s DOUBLE PRECISION NOT NULL,
            created DOUBLE PRECISION NOT NULL)""",
        # A row: the table's creator turned hints off (tables stored before: on where not rated).
        "CREATE TABLE hints_off (table_id TEXT PRIMARY KEY REFERENCES hall_tables(id))",
        """CREATE TABLE hint_counts (
            table_id TEXT NOT NULL REFERENCES hall_tables(id),
            seat INTEGER NOT NULL,
            n INTEGER NOT NULL,
            PRIMARY KEY (table_id, seat))""",
    ]),
    (8, "a count of each table's changes, so that processes sharing it apply each other's in order", [
        # Counted by every write of a table when several processes share the database (store/db.py,
        # Store.share): each announces its change with the count, and a process that holds the count
        # before it applies the change without reading it back.
        "ALTER TABLE hall_tables ADD COLUMN changes INTEGER NOT NULL DEFAULT 0",
    ]),
]

LATEST = MIGRATIONS[-1][0]
