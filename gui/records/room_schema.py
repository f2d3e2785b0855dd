"""The training room's records on PostgreSQL: the same schema versions as the SQLite file, and the server
functions through which desks and managers write. Qt-free.

Tables, columns, indexes and trigger names are those of schema.py, schema_v4.py and schema_v5.py, version
for version (PG_MIGRATIONS[i] takes a room at version i to i + 1, as MIGRATIONS[i] does a file; version 7 on,
summaries only the server keeps, see _V7), written
in PostgreSQL's words: identities are bigints assigned under the chains' lock, blobs are bytea, a trigger
runs a function. The version is kept in the one-row table schema_version.

Nobody writes a table directly (room_setup.py grants SELECT only). Every change goes through a function
below, run with its owner's rights (SECURITY DEFINER) and a fixed search_path:
- a desk may add a trainee, start a session, add an answer to a session its own login started, finish such
  a session, and add an unsigned audit entry; have a test issued, and a few stocked for when it is offline;
- a manager may also archive and restore trainees, sign off, set targets, accept manager keys, make
  checkpoints, add signed audit entries, and import sessions.
Each function links what it adds into the chains of chain.py exactly as the SQLite records do: the answers
chain over each answer's canonical content (dialect.PostgresDialect.answer_content_sql), the ledger over
every other event, both serialised by one advisory lock held to the end of the transaction. A signed entry
is made by the manager's program, which reads the chains' heads under that lock (dd_chain_heads), computes
the entry's hash, signs it, and hands both over: the function recomputes the hash and refuses a mismatch.
The triggers refuse every UPDATE and DELETE of a result, whoever connects, and TRUNCATE too.
"""
from __future__ import annotations

from dealerdrill.domain import Target

from . import chain
from .dialect import POSTGRES
from .models import ISSUE_KEY, ROLE_STATE_ACTIONS, SETTINGS_IN_FORCE

DEFAULT_LEVEL = Target().level     # the level of a target change made before targets named one

SCHEMA = "dealerdrill"
CHAIN_LOCK = 7_304_118_211          # pg_advisory_xact_lock key of the records' chains

_REFUSE = """
CREATE FUNCTION dd_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION '%', TG_ARGV[0] USING ERRCODE = 'integrity_constraint_violation'; END $$;
"""


def _refuse(name: str, when: str, table: str, message: str, condition: str = "", level: str = "ROW") -> str:
    condition = f" WHEN ({condition})" if condition else ""
    message = message.replace("'", "''")
    return (f"CREATE TRIGGER {name} BEFORE {when} ON {table} FOR EACH {level}{condition} "
            f"EXECUTE FUNCTION dd_refuse('{message}');\n")


_V1 = """
CREATE TABLE trainees (
    id          bigint PRIMARY KEY,
    uuid        text NOT NULL UNIQUE,
    name        text NOT NULL,
    created_at  text NOT NULL
);
CREATE UNIQUE INDEX trainees_name_nocase ON trainees (lower(name));
CREATE TABLE sessions (
    id           bigint PRIMARY KEY,
    uuid         text NOT NULL UNIQUE,
    trainee_id   bigint NOT NULL REFERENCES trainees(id),
    drill        text NOT NULL,
    game         text NOT NULL,
    mode         text NOT NULL CHECK (mode IN ('practice', 'timed', 'test')),
    settings     text NOT NULL DEFAULT '{}',
    target       text NOT NULL DEFAULT '{}',
    workstation  text NOT NULL DEFAULT '',
    started_at   text NOT NULL,
    finished_at  text
);
CREATE INDEX sessions_by_trainee ON sessions(trainee_id, started_at);
CREATE TABLE answers (
    id           bigint PRIMARY KEY,
    uuid         text NOT NULL UNIQUE,
    session_id   bigint NOT NULL REFERENCES sessions(id),
    seq          integer NOT NULL,
    family       text NOT NULL,
    item         text NOT NULL,
    answer       text NOT NULL,
    expected     text NOT NULL,
    given        text NOT NULL,
    correct      integer NOT NULL CHECK (correct IN (0, 1)),
    category     text,
    rule         text NOT NULL DEFAULT '',
    seconds      double precision NOT NULL,
    timed_out    integer NOT NULL DEFAULT 0,
    answered_at  text NOT NULL
);
CREATE INDEX answers_by_session ON answers(session_id, seq);
CREATE INDEX answers_by_time ON answers(answered_at, id);
""" + _REFUSE + (
    _refuse("answers_are_permanent_update", "UPDATE", "answers", "recorded answers cannot be changed")
    + _refuse("answers_are_permanent_delete", "DELETE", "answers", "recorded answers cannot be deleted")
    + _refuse("sessions_are_permanent_delete", "DELETE", "sessions", "recorded sessions cannot be deleted")
    + _refuse("finished_sessions_are_permanent", "UPDATE", "sessions", "a finished session cannot be changed",
              "OLD.finished_at IS NOT NULL")
    + _refuse("answers_cannot_be_truncated", "TRUNCATE", "answers", "recorded answers cannot be deleted",
              level="STATEMENT")
    + _refuse("sessions_cannot_be_truncated", "TRUNCATE", "sessions", "recorded sessions cannot be deleted",
              level="STATEMENT")
    + _refuse("trainees_cannot_be_truncated", "TRUNCATE", "trainees", "trainees are archived, never deleted",
              level="STATEMENT"))

_V2 = """
ALTER TABLE trainees ADD COLUMN archived_at text;
ALTER TABLE trainees ADD COLUMN archived_by text;
CREATE TABLE targets (
    drill       text PRIMARY KEY,
    seconds     double precision NOT NULL,
    accuracy    double precision NOT NULL,
    test_items  integer NOT NULL,
    pass_mark   double precision NOT NULL,
    set_by      text NOT NULL,
    set_at      text NOT NULL
);
CREATE TABLE signoffs (
    session_id  bigint PRIMARY KEY REFERENCES sessions(id),
    manager     text NOT NULL,
    signed_at   text NOT NULL,
    note        text NOT NULL DEFAULT ''
);
CREATE TABLE scheduler_memory (
    trainee_id  bigint NOT NULL REFERENCES trainees(id),
    drill       text NOT NULL,
    memory      text NOT NULL,
    updated_at  text NOT NULL,
    PRIMARY KEY (trainee_id, drill)
);
CREATE TABLE audit (
    id      bigint PRIMARY KEY,
    at      text NOT NULL,
    actor   text NOT NULL,
    action  text NOT NULL,
    detail  text NOT NULL DEFAULT ''
);
""" + (
    _refuse("trainees_are_permanent_delete", "DELETE", "trainees", "trainees are archived, never deleted")
    + _refuse("signoffs_are_permanent_update", "UPDATE", "signoffs", "a sign-off cannot be changed")
    + _refuse("signoffs_are_permanent_delete", "DELETE", "signoffs", "a sign-off cannot be deleted")
    + _refuse("audit_is_permanent_update", "UPDATE", "audit", "the audit log cannot be changed")
    + _refuse("audit_is_permanent_delete", "DELETE", "audit", "the audit log cannot be deleted")
    + _refuse("signoffs_cannot_be_truncated", "TRUNCATE", "signoffs", "a sign-off cannot be deleted",
              level="STATEMENT")
    + _refuse("audit_cannot_be_truncated", "TRUNCATE", "audit", "the audit log cannot be deleted",
              level="STATEMENT"))

_V3 = """
CREATE INDEX sessions_by_trainee_drill ON sessions(trainee_id, drill, started_at, id);
CREATE INDEX sessions_by_mode ON sessions(mode, started_at);
CREATE INDEX answers_by_session_scores ON answers(session_id, correct, seconds);
CREATE TABLE answer_facts (
    trainee_id   bigint NOT NULL,
    drill        text NOT NULL,
    seconds      double precision NOT NULL,
    answer_id    bigint NOT NULL,
    game         text NOT NULL,
    mode         text NOT NULL,
    correct      integer NOT NULL,
    answered_at  text NOT NULL,
    session_id   bigint NOT NULL,
    PRIMARY KEY (trainee_id, drill, seconds, answer_id)
);
CREATE TABLE answer_hours (
    trainee_id  bigint NOT NULL,
    drill       text NOT NULL,
    mode        text NOT NULL,
    hour        text NOT NULL,
    game        text NOT NULL,
    answered    integer NOT NULL,
    correct     integer NOT NULL,
    last_at     text NOT NULL,
    PRIMARY KEY (trainee_id, drill, mode, hour)
);
CREATE FUNCTION dd_feed_answer_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO answer_facts (trainee_id, drill, seconds, answer_id, game, mode, correct, answered_at, session_id)
    SELECT s.trainee_id, s.drill, NEW.seconds, NEW.id, s.game, s.mode, NEW.correct, NEW.answered_at, s.id
    FROM sessions s WHERE s.id = NEW.session_id;
    INSERT INTO answer_hours (trainee_id, drill, mode, hour, game, answered, correct, last_at)
    SELECT s.trainee_id, s.drill, s.mode, substr(NEW.answered_at, 1, 13), s.game, 1, NEW.correct, NEW.answered_at
    FROM sessions s WHERE s.id = NEW.session_id
    ON CONFLICT (trainee_id, drill, mode, hour) DO UPDATE SET answered = answer_hours.answered + 1,
        correct = answer_hours.correct + excluded.correct,
        last_at = greatest(answer_hours.last_at, excluded.last_at);
    RETURN NULL;
END $$;
CREATE TRIGGER answers_feed_answer_facts AFTER INSERT ON answers FOR EACH ROW EXECUTE FUNCTION dd_feed_answer_facts();
INSERT INTO answer_facts (trainee_id, drill, seconds, answer_id, game, mode, correct, answered_at, session_id)
SELECT s.trainee_id, s.drill, a.seconds, a.id, s.game, s.mode, a.correct, a.answered_at, s.id
FROM answers a JOIN sessions s ON s.id = a.session_id;
INSERT INTO answer_hours (trainee_id, drill, mode, hour, game, answered, correct, last_at)
SELECT trainee_id, drill, mode, substr(answered_at, 1, 13), MIN(game), COUNT(*), SUM(correct), MAX(answered_at)
FROM answer_facts GROUP BY trainee_id, drill, mode, substr(answered_at, 1, 13);
"""

_V4 = """
ALTER TABLE answers ADD COLUMN chain_hash bytea;
ALTER TABLE signoffs ADD COLUMN reason text NOT NULL DEFAULT '';
CREATE TABLE ledger (
    seq              bigint PRIMARY KEY,
    kind             text NOT NULL,
    ref              text NOT NULL,
    content          text NOT NULL,
    answers_last_id  bigint NOT NULL,
    answers_head     bytea NOT NULL,
    chain_hash       bytea NOT NULL,
    signed_by_key    text,
    signature        bytea
);
CREATE INDEX ledger_by_ref ON ledger(kind, ref);
CREATE TABLE manager_keys (
    fingerprint  text PRIMARY KEY,
    public_key   bytea NOT NULL,
    manager      text NOT NULL,
    origin       text NOT NULL CHECK (origin IN ('this workstation', 'trusted')),
    added_at     text NOT NULL
);
CREATE TABLE target_changes (
    id          bigint PRIMARY KEY,
    drill       text NOT NULL,
    seconds     double precision NOT NULL,
    accuracy    double precision NOT NULL,
    test_items  integer NOT NULL,
    pass_mark   double precision NOT NULL,
    set_by      text NOT NULL,
    set_at      text NOT NULL
);
INSERT INTO target_changes (id, drill, seconds, accuracy, test_items, pass_mark, set_by, set_at)
SELECT row_number() OVER (ORDER BY set_at, drill), drill, seconds, accuracy, test_items, pass_mark, set_by, set_at
FROM targets;
CREATE FUNCTION dd_target_changes_set_the_target() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO targets (drill, seconds, accuracy, test_items, pass_mark, set_by, set_at)
    VALUES (NEW.drill, NEW.seconds, NEW.accuracy, NEW.test_items, NEW.pass_mark, NEW.set_by, NEW.set_at)
    ON CONFLICT (drill) DO UPDATE SET seconds = excluded.seconds, accuracy = excluded.accuracy,
        test_items = excluded.test_items, pass_mark = excluded.pass_mark, set_by = excluded.set_by,
        set_at = excluded.set_at;
    RETURN NULL;
END $$;
CREATE TRIGGER target_changes_set_the_target AFTER INSERT ON target_changes
FOR EACH ROW EXECUTE FUNCTION dd_target_changes_set_the_target();
""" + (
    _refuse("ledger_is_permanent_update", "UPDATE", "ledger", "the ledger cannot be changed")
    + _refuse("ledger_is_permanent_delete", "DELETE", "ledger", "the ledger cannot be deleted")
    + _refuse("manager_keys_are_permanent_update", "UPDATE", "manager_keys", "a manager key cannot be changed")
    + _refuse("manager_keys_are_permanent_delete", "DELETE", "manager_keys", "a manager key cannot be deleted")
    + _refuse("target_changes_are_permanent_update", "UPDATE", "target_changes", "a target change cannot be changed")
    + _refuse("target_changes_are_permanent_delete", "DELETE", "target_changes", "a target change cannot be deleted")
    + _refuse("ledger_cannot_be_truncated", "TRUNCATE", "ledger", "the ledger cannot be deleted", level="STATEMENT")
    + _refuse("sessions_keep_what_they_recorded", "UPDATE", "sessions", "what a session recorded cannot be changed",
              "NEW.id IS DISTINCT FROM OLD.id OR NEW.uuid IS DISTINCT FROM OLD.uuid "
              "OR NEW.trainee_id IS DISTINCT FROM OLD.trainee_id OR NEW.drill IS DISTINCT FROM OLD.drill "
              "OR NEW.game IS DISTINCT FROM OLD.game OR NEW.mode IS DISTINCT FROM OLD.mode "
              "OR NEW.settings IS DISTINCT FROM OLD.settings OR NEW.target IS DISTINCT FROM OLD.target "
              "OR NEW.workstation IS DISTINCT FROM OLD.workstation OR NEW.started_at IS DISTINCT FROM OLD.started_at")
    + _refuse("trainees_keep_their_identity", "UPDATE", "trainees", "a trainee's name and history cannot be changed",
              "NEW.id IS DISTINCT FROM OLD.id OR NEW.uuid IS DISTINCT FROM OLD.uuid "
              "OR NEW.name IS DISTINCT FROM OLD.name OR NEW.created_at IS DISTINCT FROM OLD.created_at"))

_V5 = """
ALTER TABLE trainees ADD COLUMN name_key text;
CREATE UNIQUE INDEX trainees_by_name_key ON trainees(name_key);
""" + (
    _refuse("trainees_need_a_name_key", "INSERT", "trainees", "a trainee needs the key of their name",
            "NEW.name_key IS NULL")
    + _refuse("trainees_keep_their_name_key", "UPDATE", "trainees", "a trainee's name cannot be changed",
              "NEW.name_key IS DISTINCT FROM OLD.name_key"))

# Version 6 (both backends): who was logged in. On the server, the functions write session_user: the login
# of the desk or manager who added the session or audit entry, which no client can choose.
_V6 = """
ALTER TABLE audit ADD COLUMN login text NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN login text NOT NULL DEFAULT '';
""" + _refuse("sessions_keep_their_login", "UPDATE", "sessions", "what a session recorded cannot be changed",
              "NEW.login IS DISTINCT FROM OLD.login")

# Version 7 (the server's own; a file has no version 7): summaries that keep the manager's roster quick over
# millions of answers, fed by the server's trigger on answers as answer_facts and answer_hours are (answers are
# only ever added, so a summary only ever follows an insert):
# - session_totals: each session's answers and right answers (a test attempt's result without counting them);
# - pair_totals: each trainee's answers per drill (and game), right answers and latest answer time (the roster's counts
#   and "last active" when it is not narrowed to a period or a mode);
# - latest_answers: the LATEST_ANSWERS_KEPT latest answers of each trainee on each drill, "latest" as readiness
#   orders them (session start, session, item number; the answer's id only breaks ties), whichever order they
#   arrive in (an outbox sent late, an import of older sessions): each insert drops what falls past the last.
# Nobody but the owner may write them (room_setup grants SELECT only); the trigger runs with the rights of the
# server function that added the answer.
LATEST_ANSWERS_KEPT = 50

# What each summary holds, worked out from the answers themselves: the migration fills the tables with it, and
# verification compares the tables with it (ROOM_SUMMARY_CHECKS).
_SESSION_TOTALS_OF_ANSWERS = ("SELECT session_id, count(*) AS answered, sum(correct) AS correct FROM answers "
                              "GROUP BY session_id")
_PAIR_TOTALS_OF_ANSWERS = ("SELECT s.trainee_id, s.drill, s.game, count(*) AS answered, sum(a.correct) AS correct, "
                           "max(a.answered_at) AS last_at FROM answers a JOIN sessions s ON s.id = a.session_id "
                           "GROUP BY s.trainee_id, s.drill, s.game")
_LATEST_ANSWERS_OF_ANSWERS = f"""
SELECT trainee_id, drill, started_at, session_id, seq, answer_id, correct, seconds FROM (
    SELECT s.trainee_id, s.drill, s.started_at, s.id AS session_id, a.seq, a.id AS answer_id, a.correct, a.seconds,
           row_number() OVER (PARTITION BY s.trainee_id, s.drill
                              ORDER BY s.started_at DESC, s.id DESC, a.seq DESC, a.id DESC) AS place
    FROM answers a JOIN sessions s ON s.id = a.session_id) AS ranked
WHERE place <= {LATEST_ANSWERS_KEPT}"""
_LATEST_ANSWERS_STORED = ("SELECT trainee_id, drill, started_at, session_id, seq, answer_id, correct, seconds "
                          "FROM latest_answers")

ROOM_SUMMARIES_FILL = f"""
INSERT INTO session_totals (session_id, answered, correct) {_SESSION_TOTALS_OF_ANSWERS};
INSERT INTO pair_totals (trainee_id, drill, game, answered, correct, last_at) {_PAIR_TOTALS_OF_ANSWERS};
INSERT INTO latest_answers (trainee_id, drill, started_at, session_id, seq, answer_id, correct, seconds)
{_LATEST_ANSWERS_OF_ANSWERS};
"""

# (what a wrong row is called, what is wrong with it, a query giving the keys of the rows that differ from what
# the answers say, in order, at most SUMMARY_PROBLEMS_LISTED of them) for `dealerdrill verify`. Only the
# databases' owner could have written such a row (desks and managers may only read these tables), or the
# trigger was off while answers were added.
SUMMARY_PROBLEMS_LISTED = 100
ROOM_SUMMARY_CHECKS = (
    ("session_totals of session row {}", "does not count what the session's answers hold (the summary table was "
     "changed)",
     f"SELECT coalesce(w.session_id, h.session_id) FROM ({_SESSION_TOTALS_OF_ANSWERS}) AS w "
     "FULL JOIN session_totals h ON h.session_id = w.session_id "
     "WHERE w.session_id IS NULL OR h.session_id IS NULL OR (w.answered, w.correct) <> (h.answered, h.correct) "
     f"ORDER BY 1 LIMIT {SUMMARY_PROBLEMS_LISTED}"),
    ("pair_totals of trainee row {}, drill {} ({})", "does not count what the trainee's answers on the drill hold "
     "(the summary table was changed)",
     f"SELECT coalesce(w.trainee_id, h.trainee_id), coalesce(w.drill, h.drill), coalesce(w.game, h.game) "
     f"FROM ({_PAIR_TOTALS_OF_ANSWERS}) AS w FULL JOIN pair_totals h "
     "ON (h.trainee_id, h.drill, h.game) = (w.trainee_id, w.drill, w.game) "
     "WHERE w.trainee_id IS NULL OR h.trainee_id IS NULL "
     "OR (w.answered, w.correct, w.last_at) <> (h.answered, h.correct, h.last_at) "
     f"ORDER BY 1, 2, 3 LIMIT {SUMMARY_PROBLEMS_LISTED}"),
    ("latest_answers of trainee row {}, drill {}", "are not the trainee's latest answers on the drill (the summary "
     "table was changed)",
     f"SELECT DISTINCT trainee_id, drill FROM (({_LATEST_ANSWERS_OF_ANSWERS} EXCEPT ALL {_LATEST_ANSWERS_STORED}) "
     f"UNION ALL ({_LATEST_ANSWERS_STORED} EXCEPT ALL {_LATEST_ANSWERS_OF_ANSWERS})) AS differing "
     f"ORDER BY 1, 2 LIMIT {SUMMARY_PROBLEMS_LISTED}"),
)

_V7 = f"""
-- Filling the summaries reads every answer once: minutes on a room with millions, past the desks' time limit.
SET LOCAL statement_timeout = 0;
SET LOCAL work_mem = '256MB';
CREATE TABLE session_totals (
    session_id  bigint PRIMARY KEY,
    answered    integer NOT NULL,
    correct     integer NOT NULL
);
CREATE TABLE pair_totals (
    trainee_id  bigint NOT NULL,
    drill       text NOT NULL,
    game        text NOT NULL,
    answered    bigint NOT NULL,
    correct     bigint NOT NULL,
    last_at     text NOT NULL,
    PRIMARY KEY (trainee_id, drill, game)
);
CREATE TABLE latest_answers (
    trainee_id  bigint NOT NULL,
    drill       text NOT NULL,
    started_at  text NOT NULL,
    session_id  bigint NOT NULL,
    seq         integer NOT NULL,
    answer_id   bigint NOT NULL,
    correct     integer NOT NULL,
    seconds     double precision NOT NULL,
    PRIMARY KEY (trainee_id, drill, started_at, session_id, seq, answer_id)
);
CREATE FUNCTION dd_feed_room_summaries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v_trainee bigint; v_drill text; v_game text; v_started text;
BEGIN
    SELECT trainee_id, drill, game, started_at INTO v_trainee, v_drill, v_game, v_started
    FROM sessions WHERE id = NEW.session_id;
    INSERT INTO session_totals (session_id, answered, correct) VALUES (NEW.session_id, 1, NEW.correct)
    ON CONFLICT (session_id) DO UPDATE SET answered = session_totals.answered + 1,
        correct = session_totals.correct + excluded.correct;
    INSERT INTO pair_totals (trainee_id, drill, game, answered, correct, last_at)
    VALUES (v_trainee, v_drill, v_game, 1, NEW.correct, NEW.answered_at)
    ON CONFLICT (trainee_id, drill, game) DO UPDATE SET answered = pair_totals.answered + 1,
        correct = pair_totals.correct + excluded.correct, last_at = greatest(pair_totals.last_at, excluded.last_at);
    INSERT INTO latest_answers (trainee_id, drill, started_at, session_id, seq, answer_id, correct, seconds)
    VALUES (v_trainee, v_drill, v_started, NEW.session_id, NEW.seq, NEW.id, NEW.correct, NEW.seconds);
    DELETE FROM latest_answers
    WHERE trainee_id = v_trainee AND drill = v_drill AND (started_at, session_id, seq, answer_id) < (
        SELECT started_at, session_id, seq, answer_id FROM latest_answers
        WHERE trainee_id = v_trainee AND drill = v_drill
        ORDER BY started_at DESC, session_id DESC, seq DESC, answer_id DESC OFFSET {LATEST_ANSWERS_KEPT - 1} LIMIT 1);
    RETURN NULL;
END $$;
CREATE TRIGGER answers_feed_room_summaries AFTER INSERT ON answers FOR EACH ROW
EXECUTE FUNCTION dd_feed_room_summaries();
""" + ROOM_SUMMARIES_FILL

# Version 8: the file's version 7 (a test's level in its target, schema_v7.py), and what the server needs to issue
# tests itself (issue 28): the drills the room knows with their default targets, written by `room setup` from
# the program's catalogue (a test of a drill whose manager never set a target is judged by its default).
_V8 = """
ALTER TABLE target_changes ADD COLUMN IF NOT EXISTS level integer CHECK (level IS NULL OR level BETWEEN 1 AND 3);
ALTER TABLE targets ADD COLUMN IF NOT EXISTS level integer;
CREATE OR REPLACE FUNCTION dd_target_changes_set_the_target() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO targets (drill, seconds, accuracy, test_items, pass_mark, set_by, set_at, level)
    VALUES (NEW.drill, NEW.seconds, NEW.accuracy, NEW.test_items, NEW.pass_mark, NEW.set_by, NEW.set_at, NEW.level)
    ON CONFLICT (drill) DO UPDATE SET seconds = excluded.seconds, accuracy = excluded.accuracy,
        test_items = excluded.test_items, pass_mark = excluded.pass_mark, set_by = excluded.set_by,
        set_at = excluded.set_at, level = excluded.level;
    RETURN NULL;
END $$;
CREATE TABLE IF NOT EXISTS drill_defaults (
    drill   text PRIMARY KEY,
    game    text NOT NULL,
    target  text NOT NULL
);
-- The program's default answer-key settings, by table (a test is issued under them where no manager changed one).
CREATE TABLE IF NOT EXISTS answer_key_defaults (
    one       boolean PRIMARY KEY DEFAULT true CHECK (one),
    settings  text NOT NULL
);
"""

# Version 9 (the server's own): the tests the server issued (issue 28). dd_issue_test notes each one with the number
# of items its target asks; no desk can write the table. An answer to a test needs its row (a test started any
# other way, such as one a desk started before version 8 and never finished, takes no more answers) and stops at
# its items.
_V9 = """
CREATE TABLE test_issues (
    session_id  bigint PRIMARY KEY REFERENCES sessions(id),
    test_items  integer NOT NULL CHECK (test_items > 0)
);
""" + (
    _refuse("test_issues_are_permanent_update", "UPDATE", "test_issues", "an issued test cannot be changed")
    + _refuse("test_issues_are_permanent_delete", "DELETE", "test_issues", "an issued test cannot be deleted")
    + _refuse("test_issues_cannot_be_truncated", "TRUNCATE", "test_issues", "an issued test cannot be deleted",
              level="STATEMENT"))

# Version 10 (the server's own): each issued test's seed, kept from the desks (issue 28). A desk reading the seed
# would make every item of its test, and its right answer, before the first; the server hands out each item's key
# only as the item falls due (dd_item_key) and the seed once the test has ended (dd_test_seed), and no login but the
# owner may read the table (room_setup._grant).
_V10 = """
CREATE TABLE test_secrets (
    session_id  bigint PRIMARY KEY REFERENCES sessions(id),
    seed        bigint NOT NULL
);
""" + (
    _refuse("test_secrets_are_permanent_update", "UPDATE", "test_secrets", "an issued test's seed cannot be changed")
    + _refuse("test_secrets_are_permanent_delete", "DELETE", "test_secrets", "an issued test's seed cannot be deleted")
    + _refuse("test_secrets_cannot_be_truncated", "TRUNCATE", "test_secrets", "an issued test's seed cannot be deleted",
              level="STATEMENT"))

# Version 11 (the server's own): each desk's stock of tests for when it cannot reach the server (issue 28). While
# online, a desk's login asks for a few (dd_stock_tests): the server makes each with its own random seed and clock,
# for that login only, and hands the desk its seed, so that offline the desk can draw the items itself. A test taken
# offline arrives through the outbox and starts from one (dd_start_stocked_test): this login's, used once (the unique
# stock_id of test_issues), and under the target and answer-key settings in force when it arrives. A stocked test the
# desk took but the server refused (a target changed meanwhile) is withdrawn at the desk's next top-up
# (test_stock_withdrawn), so that it no longer holds a place in the stock. No login may read test_stock
# (room_setup._grant): another desk's stocked seeds are no business of a desk's.
TESTS_STOCKED_PER_DESK = 5     # the most tests a desk's login holds in stock, unused, at once
_V11 = """
CREATE TABLE test_stock (
    id          text PRIMARY KEY,
    login       text NOT NULL,
    seed        bigint NOT NULL,
    stocked_at  text NOT NULL
);
CREATE INDEX test_stock_by_login ON test_stock(login, stocked_at);
ALTER TABLE test_issues ADD COLUMN stock_id text UNIQUE REFERENCES test_stock(id);
CREATE TABLE test_stock_withdrawn (
    stock_id      text PRIMARY KEY REFERENCES test_stock(id),
    withdrawn_at  text NOT NULL
);
""" + (
    _refuse("test_stock_is_permanent_update", "UPDATE", "test_stock", "a stocked test cannot be changed")
    + _refuse("test_stock_is_permanent_delete", "DELETE", "test_stock", "a stocked test cannot be deleted")
    + _refuse("test_stock_cannot_be_truncated", "TRUNCATE", "test_stock", "a stocked test cannot be deleted",
              level="STATEMENT")
    + _refuse("test_stock_withdrawn_is_permanent_update", "UPDATE", "test_stock_withdrawn",
              "a withdrawn stocked test cannot be changed")
    + _refuse("test_stock_withdrawn_is_permanent_delete", "DELETE", "test_stock_withdrawn",
              "a withdrawn stocked test cannot be put back")
    + _refuse("test_stock_withdrawn_cannot_be_truncated", "TRUNCATE", "test_stock_withdrawn",
              "a withdrawn stocked test cannot be put back", level="STATEMENT"))

PG_MIGRATIONS = (_V1, _V2, _V3, _V4, _V5, _V6, _V7, _V8, _V9, _V10, _V11)
# The room's versions 1 to 6 are the file's (schema.SCHEMA_VERSION); 7 is the server's own (its summaries); 8 holds
# the file's 7 and the server's drill defaults; 9 the tests the server issued; 10 their seeds, kept from the desks;
# 11 the desks' stocks of tests for when the server cannot be reached.
ROOM_SCHEMA_VERSION = len(PG_MIGRATIONS)

# Triggers only the server has (SQLite has no TRUNCATE); verification asks for these too.
# The server's triggers beyond the file's, which verify requires present: those that keep results permanent,
# the one that keeps the roster's summaries (version 7) in step with the answers, and those that keep the tests the
# server issued (versions 9 to 11) as it issued them.
SERVER_TRIGGERS = ("answers_cannot_be_truncated", "sessions_cannot_be_truncated", "trainees_cannot_be_truncated",
                   "signoffs_cannot_be_truncated", "audit_cannot_be_truncated", "ledger_cannot_be_truncated",
                   "answers_feed_room_summaries", "test_issues_are_permanent_update",
                   "test_issues_are_permanent_delete", "test_issues_cannot_be_truncated",
                   "test_secrets_are_permanent_update", "test_secrets_are_permanent_delete",
                   "test_secrets_cannot_be_truncated", "test_stock_is_permanent_update",
                   "test_stock_is_permanent_delete", "test_stock_cannot_be_truncated",
                   "test_stock_withdrawn_is_permanent_update", "test_stock_withdrawn_is_permanent_delete",
                   "test_stock_withdrawn_cannot_be_truncated")


# ------------------------------------------------------------------------------------------ server functions
# Rewritten (CREATE OR REPLACE) by every `dealerdrill room setup`, after the migrations.

_ANSWER_PARAMETERS = ("p_id", "p_uuid", "p_session_id", "p_seq", "p_family", "p_item", "p_answer", "p_expected",
                      "p_given", "p_correct", "p_category", "p_rule", "p_seconds", "p_timed_out", "p_answered_at")
assert len(_ANSWER_PARAMETERS) == len(chain.ANSWER_COLUMNS)

_DEFINER = "LANGUAGE plpgsql SECURITY DEFINER SET search_path = dealerdrill, pg_temp SET extra_float_digits = 1"

FUNCTIONS = f"""
-- Signatures of earlier releases whose arguments changed (CREATE OR REPLACE would keep the old one beside).
DROP FUNCTION IF EXISTS dd_set_target(bigint, text, double precision, double precision, integer, double precision,
                                      text, text, text, bytea, text, bytea);
DROP FUNCTION IF EXISTS dd_record_answer(text, text, text, text, text, text, text, integer, text, text,
                                         double precision, integer, text, text, text);
CREATE OR REPLACE FUNCTION dd_lock_chains() RETURNS void {_DEFINER} AS $$
BEGIN PERFORM pg_advisory_xact_lock({CHAIN_LOCK}); END $$;

CREATE OR REPLACE FUNCTION dd_ledger_link(p_previous bytea, p_kind text, p_ref text, p_content text,
        p_answers bigint, p_head bytea) RETURNS bytea LANGUAGE sql IMMUTABLE AS $$
    SELECT sha256(p_previous || convert_to(concat_ws(E'\\x1f', p_kind, p_ref, p_content, p_answers::text,
                                                     encode(p_head, 'hex')), 'UTF8'))
$$;

-- One ledger entry after the last, under the chains' lock. p_expected: the hash the signer signed (NULL for
-- an unsigned entry); it must be the one the server computes, or nothing is added.
CREATE OR REPLACE FUNCTION dd_append(p_kind text, p_ref text, p_content text, p_key text, p_signature bytea,
        p_expected bytea) RETURNS bytea {_DEFINER} AS $$
DECLARE
    v_previous bytea; v_seq bigint; v_last bigint; v_head bytea; v_hash bytea;
BEGIN
    PERFORM dd_lock_chains();
    SELECT seq, chain_hash INTO v_seq, v_previous FROM ledger ORDER BY seq DESC LIMIT 1;
    SELECT id, chain_hash INTO v_last, v_head FROM answers ORDER BY id DESC LIMIT 1;
    v_hash := dd_ledger_link(coalesce(v_previous, '\\x{chain.NO_HASH.hex()}'::bytea), p_kind, p_ref, p_content,
                             coalesce(v_last, 0), coalesce(v_head, '\\x{chain.NO_HASH.hex()}'::bytea));
    IF p_expected IS NOT NULL AND p_expected <> v_hash THEN
        RAISE EXCEPTION 'the signed ledger entry does not follow the ledger as it stands (signed %, ledger gives %)',
            encode(p_expected, 'hex'), encode(v_hash, 'hex') USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    IF (p_key IS NULL) <> (p_signature IS NULL) OR (p_key IS NULL AND p_expected IS NOT NULL) THEN
        RAISE EXCEPTION 'a signed entry needs its key and its signature' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_key IS NOT NULL AND NOT EXISTS (SELECT 1 FROM manager_keys WHERE fingerprint = p_key)
            AND NOT (p_kind = 'key' AND p_ref = p_key) THEN
        RAISE EXCEPTION 'the key % is not a manager key these records accept', p_key
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    INSERT INTO ledger (seq, kind, ref, content, answers_last_id, answers_head, chain_hash, signed_by_key, signature)
    VALUES (coalesce(v_seq, 0) + 1, p_kind, p_ref, p_content, coalesce(v_last, 0),
            coalesce(v_head, '\\x{chain.NO_HASH.hex()}'::bytea), v_hash, p_key, p_signature);
    RETURN v_hash;
END $$;

CREATE OR REPLACE FUNCTION dd_answer_content({", ".join(f"{p} {t}" for p, t in zip(_ANSWER_PARAMETERS, (
    "bigint", "text", "bigint", "integer", "text", "text", "text", "text", "text", "integer", "text", "text",
    "double precision", "integer", "text")))}) RETURNS bytea LANGUAGE sql IMMUTABLE SET extra_float_digits = 1 AS $$
    SELECT {POSTGRES.answer_content_sql(_ANSWER_PARAMETERS)}
$$;

-- One answer after the last in the answers chain; NULL (nothing added) when its UUID is already there.
CREATE OR REPLACE FUNCTION dd_insert_answer(p_uuid text, p_session_id bigint, p_seq integer, p_family text,
        p_item text, p_answer text, p_expected text, p_given text, p_correct integer, p_category text,
        p_rule text, p_seconds double precision, p_timed_out integer, p_answered_at text) RETURNS bigint
        {_DEFINER} AS $$
DECLARE v_last bigint; v_head bytea; v_id bigint;
BEGIN
    PERFORM dd_lock_chains();
    IF EXISTS (SELECT 1 FROM answers WHERE uuid = p_uuid) THEN RETURN NULL; END IF;
    SELECT id, chain_hash INTO v_last, v_head FROM answers ORDER BY id DESC LIMIT 1;
    v_id := coalesce(v_last, 0) + 1;
    INSERT INTO answers (id, uuid, session_id, seq, family, item, answer, expected, given, correct, category, rule,
                         seconds, timed_out, answered_at, chain_hash)
    VALUES (v_id, p_uuid, p_session_id, p_seq, p_family, p_item, p_answer, p_expected, p_given, p_correct,
            p_category, p_rule, p_seconds, p_timed_out, p_answered_at,
            sha256(coalesce(v_head, '\\x{chain.NO_HASH.hex()}'::bytea) || dd_answer_content(v_id, p_uuid,
                   p_session_id, p_seq, p_family, p_item, p_answer, p_expected, p_given, p_correct, p_category,
                   p_rule, p_seconds, p_timed_out, p_answered_at)));
    RETURN v_id;
END $$;

CREATE OR REPLACE FUNCTION dd_audit_row(p_at text, p_actor text, p_action text, p_detail text) RETURNS bigint
        {_DEFINER} AS $$
DECLARE v_id bigint;
BEGIN
    PERFORM dd_lock_chains();
    SELECT coalesce(max(id), 0) + 1 INTO v_id FROM audit;
    INSERT INTO audit (id, at, actor, action, detail, login) VALUES (v_id, p_at, p_actor, p_action, p_detail,
                                                                     session_user);
    RETURN v_id;
END $$;

-- An unsigned audit entry (a desk's: a refused unlock, a trainee added, the role locked), at the server's time
-- for a desk's login (dd_stamp). Never one the manager role's state is read from (models.ROLE_STATE_ACTIONS): a
-- desk's login that could write one would lift the wrong-PIN lock-out or stop the role locking itself; those come
-- only signed, through dd_signed_audit, which only a manager's login may call.
CREATE OR REPLACE FUNCTION dd_audit(p_at text, p_actor text, p_action text, p_detail text) RETURNS bigint
        {_DEFINER} AS $$
DECLARE v_id bigint; v_at text;
BEGIN
    IF p_action IN ({", ".join(f"'{action}'" for action in ROLE_STATE_ACTIONS)}) THEN
        RAISE EXCEPTION 'the manager role''s lock-out and idle lock are read from % entries, so only one a manager''s '
                        'key signs is taken (a training room''s manager PIN is set by its owner: `dealerdrill room '
                        'setup --manager NAME --pin-file PATH`)', p_action USING ERRCODE = 'insufficient_privilege';
    END IF;
    PERFORM dd_lock_chains();         -- first, so that the times follow the order the chains are in
    v_at := dd_stamp(p_at);
    v_id := dd_audit_row(v_at, p_actor, p_action, p_detail);
    PERFORM dd_append('audit', v_id::text, jsonb_build_object('id', v_id, 'at', v_at, 'actor', p_actor,
                      'action', p_action, 'detail', p_detail)::text, NULL, NULL, NULL);
    RETURN v_id;
END $$;

CREATE OR REPLACE FUNCTION dd_add_trainee(p_uuid text, p_name text, p_name_key text, p_created_at text)
        RETURNS bigint {_DEFINER} AS $$
DECLARE v_id bigint;
BEGIN
    PERFORM dd_lock_chains();
    SELECT coalesce(max(id), 0) + 1 INTO v_id FROM trainees;
    INSERT INTO trainees (id, uuid, name, name_key, created_at) VALUES (v_id, p_uuid, p_name, p_name_key, p_created_at);
    PERFORM dd_append('trainee', p_uuid, jsonb_build_object('uuid', p_uuid, 'name', p_name,
                      'created_at', p_created_at)::text, NULL, NULL, NULL);
    RETURN v_id;
END $$;

-- The server's clock, as the records write times (store.to_text: UTC, microseconds, a Z).
CREATE OR REPLACE FUNCTION dd_now() RETURNS text LANGUAGE sql VOLATILE AS $$
    SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
$$;

CREATE OR REPLACE FUNCTION dd_manager_login() RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT pg_has_role(session_user, 'dealerdrill_manager', 'MEMBER')
$$;

-- The room's owner (who owns the schema, as `room setup` made it) or a superuser: no desk's or manager's login.
CREATE OR REPLACE FUNCTION dd_owner_login() RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT pg_has_role(session_user, (SELECT nspowner FROM pg_namespace WHERE nspname = '{SCHEMA}'), 'MEMBER')
$$;

-- The time a change is stored at. A desk's clock is the trainee's to set (a session finished before it started,
-- a trainee created in 1900), so for a desk's login it is the server's clock, whatever the desk gave; a manager's
-- program gives its own (an import brings times recorded elsewhere, graded and judged again there).
CREATE OR REPLACE FUNCTION dd_stamp(p_given text) RETURNS text LANGUAGE sql VOLATILE AS $$
    SELECT CASE WHEN dd_manager_login() AND p_given IS NOT NULL THEN p_given ELSE dd_now() END
$$;

CREATE OR REPLACE FUNCTION dd_create_trainee(p_uuid text, p_name text, p_name_key text, p_created_at text)
        RETURNS bigint {_DEFINER} AS $$
DECLARE v_id bigint; v_created_at text;
BEGIN
    PERFORM dd_lock_chains();
    v_created_at := dd_stamp(p_created_at);
    v_id := dd_add_trainee(p_uuid, p_name, p_name_key, v_created_at);
    PERFORM dd_audit(v_created_at, 'workstation', 'trainee_created', p_name);
    RETURN v_id;
END $$;

-- The trainee a session may be started for (its id), or an error in plain words.
CREATE OR REPLACE FUNCTION dd_trainee_for_session(p_trainee_uuid text) RETURNS bigint {_DEFINER} AS $$
DECLARE v_trainee bigint; v_archived text;
BEGIN
    SELECT id, archived_at INTO v_trainee, v_archived FROM trainees WHERE uuid = p_trainee_uuid;
    IF v_trainee IS NULL THEN
        RAISE EXCEPTION 'there is no trainee %', p_trainee_uuid USING ERRCODE = 'foreign_key_violation';
    END IF;
    IF v_archived IS NOT NULL THEN
        RAISE EXCEPTION 'the trainee is archived; a manager must restore the profile first'
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN v_trainee;
END $$;

CREATE OR REPLACE FUNCTION dd_insert_session(p_uuid text, p_trainee bigint, p_trainee_uuid text, p_drill text,
        p_game text, p_mode text, p_settings text, p_target text, p_workstation text, p_started_at text)
        RETURNS bigint {_DEFINER} AS $$
DECLARE v_id bigint;
BEGIN
    SELECT coalesce(max(id), 0) + 1 INTO v_id FROM sessions;
    INSERT INTO sessions (id, uuid, trainee_id, drill, game, mode, settings, target, workstation, started_at, login)
    VALUES (v_id, p_uuid, p_trainee, p_drill, p_game, p_mode, p_settings, p_target, p_workstation, p_started_at,
            session_user);
    PERFORM dd_append('session', p_uuid, jsonb_build_object('uuid', p_uuid, 'trainee', p_trainee_uuid,
                      'drill', p_drill, 'game', p_game, 'mode', p_mode, 'settings', p_settings, 'target', p_target,
                      'workstation', p_workstation, 'started_at', p_started_at)::text, NULL, NULL, NULL);
    RETURN v_id;
END $$;

-- A practice or timed session; its id, or the id it already has when this UUID was started before (an outbox
-- sent again). A desk's session starts when the server says (its clock, not the desk's); a test is never
-- started here by a desk: the server issues it (dd_issue_test). A manager's import brings sessions, tests
-- among them, with the times they were recorded at elsewhere (the importing program grades them again).
CREATE OR REPLACE FUNCTION dd_start_session(p_uuid text, p_trainee_uuid text, p_drill text, p_game text,
        p_mode text, p_settings text, p_target text, p_workstation text, p_started_at text) RETURNS bigint
        {_DEFINER} AS $$
DECLARE v_id bigint; v_trainee bigint; v_manager boolean := dd_manager_login();
BEGIN
    PERFORM dd_lock_chains();
    SELECT id INTO v_id FROM sessions WHERE uuid = p_uuid;
    IF v_id IS NOT NULL THEN RETURN v_id; END IF;
    IF p_mode = 'test' AND NOT v_manager THEN
        RAISE EXCEPTION 'a test is issued by the training room server, never started by a desk'
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    v_trainee := dd_trainee_for_session(p_trainee_uuid);
    RETURN dd_insert_session(p_uuid, v_trainee, p_trainee_uuid, p_drill, p_game, p_mode, p_settings, p_target,
                             p_workstation, dd_stamp(p_started_at));
END $$;

-- The target a test of p_drill is issued under now: the manager's latest target change for the drill (o_change its
-- id), else the drill's default as `room setup` wrote it (o_change NULL), with its level.
CREATE OR REPLACE FUNCTION dd_target_in_force(p_drill text, OUT o_game text, OUT o_target jsonb, OUT o_change bigint)
        {_DEFINER} AS $$
DECLARE v_changed jsonb;
BEGIN
    SELECT d.game, d.target::jsonb INTO o_game, o_target FROM drill_defaults d WHERE d.drill = p_drill;
    IF o_game IS NULL THEN
        RAISE EXCEPTION 'the room knows no drill %: its owner runs `dealerdrill room setup` with this Dealer Drill',
            p_drill USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT c.id, jsonb_build_object('seconds', c.seconds, 'accuracy', c.accuracy, 'test_items', c.test_items,
                                    'pass_mark', c.pass_mark, 'level', coalesce(c.level, {DEFAULT_LEVEL}))
    INTO o_change, v_changed FROM target_changes c WHERE c.drill = p_drill ORDER BY c.id DESC LIMIT 1;
    IF o_change IS NOT NULL THEN o_target := v_changed; END IF;
END $$;

-- The answer-key settings a test is issued under now, by table: the program's defaults (`room setup`), then what the
-- manager's latest signed change names (o_entry, its audit id; a table only the change names is kept too).
CREATE OR REPLACE FUNCTION dd_answer_keys_in_force(OUT o_keys jsonb, OUT o_entry bigint) {_DEFINER} AS $$
DECLARE v_keys jsonb; v_defaults jsonb;
BEGIN
    SELECT a.id, a.detail::jsonb -> 'answer_keys' INTO o_entry, v_keys
    FROM audit a JOIN ledger l ON l.kind = 'audit' AND l.ref = a.id::text
    WHERE a.action = '{SETTINGS_IN_FORCE}' AND l.signed_by_key IS NOT NULL ORDER BY a.id DESC LIMIT 1;
    SELECT settings::jsonb INTO v_defaults FROM answer_key_defaults;
    v_keys := coalesce(v_keys, '{{}}'::jsonb);
    SELECT coalesce(jsonb_object_agg(t.k, coalesce(v_defaults -> t.k, '{{}}'::jsonb) || coalesce(v_keys -> t.k,
                                                                                             '{{}}'::jsonb)), '{{}}')
    INTO o_keys FROM (SELECT jsonb_object_keys(coalesce(v_defaults, '{{}}'::jsonb)) AS k
                      UNION SELECT jsonb_object_keys(v_keys)) AS t;
END $$;

-- A new seed from the server's random numbers (gen_random_uuid: the operating system's), 63 bits.
CREATE OR REPLACE FUNCTION dd_new_seed() RETURNS bigint LANGUAGE sql VOLATILE AS $$
    SELECT ('x' || substr(md5(gen_random_uuid()::text || gen_random_uuid()::text), 1, 16))::bit(64)::bigint
           & 9223372036854775807
$$;

-- A test, as the server issues it: its seed from the server's random numbers, its start from the server's clock,
-- the manager's target in force for the drill (else the drill's default) with its level, and the answer-key
-- settings of the manager's latest signed change. The desk gives only who, which drill and a new UUID, and gets
-- back what it must ask (the items follow from the drill, the level, the seed and the settings).
CREATE OR REPLACE FUNCTION dd_issue_test(p_uuid text, p_trainee_uuid text, p_drill text, p_workstation text,
        OUT o_settings text, OUT o_target text, OUT o_started_at text, OUT o_seed bigint) {_DEFINER} AS $$
DECLARE v_trainee bigint; v_game text; v_target jsonb; v_change bigint; v_entry bigint; v_keys jsonb; v_seed bigint;
        v_session bigint;
BEGIN
    PERFORM dd_lock_chains();
    IF EXISTS (SELECT 1 FROM sessions WHERE uuid = p_uuid) THEN
        RAISE EXCEPTION 'a session % exists already', p_uuid USING ERRCODE = 'unique_violation';
    END IF;
    v_trainee := dd_trainee_for_session(p_trainee_uuid);
    SELECT * INTO v_game, v_target, v_change FROM dd_target_in_force(p_drill);
    SELECT * INTO v_keys, v_entry FROM dd_answer_keys_in_force();
    v_seed := dd_new_seed();
    o_seed := NULL;        -- kept here (test_secrets): the desk gets each item's key as it falls due (dd_item_key)
    o_started_at := dd_now();
    o_target := v_target::text;
    o_settings := (v_keys || jsonb_build_object('difficulty', (v_target ->> 'level')::integer,
                   '{ISSUE_KEY}', jsonb_build_object('seed_sha256', encode(sha256(convert_to(v_seed::text, 'UTF8')),
                                                                            'hex'),
                                                      'target_change', v_change, 'settings_entry', v_entry)))::text;
    v_session := dd_insert_session(p_uuid, v_trainee, p_trainee_uuid, p_drill, v_game, 'test', o_settings, o_target,
                                   p_workstation, o_started_at);
    INSERT INTO test_issues (session_id, test_items) VALUES (v_session, (v_target ->> 'test_items')::integer);
    INSERT INTO test_secrets (session_id, seed) VALUES (v_session, v_seed);
END $$;

-- What a desk needs to set a test up offline, for every drill the room knows, as a test would be issued now: the
-- drill's game, the target in force and the answer-key settings with the level as "difficulty". The desk keeps it
-- with its stock (dd_stock_tests); a test it takes offline is refused on arrival unless it was set up under what is
-- in force then (dd_start_stocked_test).
CREATE OR REPLACE FUNCTION dd_test_terms() RETURNS TABLE (o_drill text, o_game text, o_target text, o_settings text)
        {_DEFINER} AS $$
DECLARE v_keys jsonb; v_entry bigint; v_drill text; v_target jsonb; v_change bigint;
BEGIN
    SELECT * INTO v_keys, v_entry FROM dd_answer_keys_in_force();
    FOR v_drill IN SELECT d.drill FROM drill_defaults d ORDER BY d.drill LOOP
        SELECT * INTO o_game, v_target, v_change FROM dd_target_in_force(v_drill);
        o_drill := v_drill;
        o_target := v_target::text;
        o_settings := (v_keys || jsonb_build_object('difficulty', (v_target ->> 'level')::integer))::text;
        RETURN NEXT;
    END LOOP;
END $$;

-- A desk's stock of tests for when it cannot reach the server: issued ahead by the server (its seed, its clock) for
-- this login alone, topped up to p_wanted and never past {TESTS_STOCKED_PER_DESK} unused at once. p_spent: stocked
-- tests of this login the desk took but will never bring (the server refused their start), withdrawn first: none can
-- start after. Returns every unused one of this login, those stocked before included (a desk whose file was lost gets
-- them again; whoever holds the desk's files can read them anyway). A test taken offline uses one, once
-- (dd_start_stocked_test).
CREATE OR REPLACE FUNCTION dd_stock_tests(p_wanted integer, p_spent text[])
        RETURNS TABLE (o_id text, o_seed bigint, o_stocked_at text) {_DEFINER} AS $$
DECLARE v_unused integer; v_wanted integer := least(greatest(coalesce(p_wanted, 0), 0), {TESTS_STOCKED_PER_DESK});
BEGIN
    PERFORM dd_lock_chains();        -- two top-ups of one login at once stock no more than the limit
    INSERT INTO test_stock_withdrawn (stock_id, withdrawn_at)
    SELECT s.id, dd_now() FROM test_stock s
    WHERE s.id = ANY (coalesce(p_spent, '{{}}')) AND s.login = session_user
      AND NOT EXISTS (SELECT 1 FROM test_issues i WHERE i.stock_id = s.id)
    ON CONFLICT (stock_id) DO NOTHING;
    SELECT count(*) INTO v_unused FROM test_stock s
    WHERE s.login = session_user AND NOT EXISTS (SELECT 1 FROM test_issues i WHERE i.stock_id = s.id)
      AND NOT EXISTS (SELECT 1 FROM test_stock_withdrawn w WHERE w.stock_id = s.id);
    FOR v_number IN 1 .. v_wanted - v_unused LOOP
        INSERT INTO test_stock (id, login, seed, stocked_at)
        VALUES (gen_random_uuid()::text, session_user, dd_new_seed(), dd_now());
    END LOOP;
    RETURN QUERY SELECT s.id, s.seed, s.stocked_at FROM test_stock s
    WHERE s.login = session_user AND NOT EXISTS (SELECT 1 FROM test_issues i WHERE i.stock_id = s.id)
      AND NOT EXISTS (SELECT 1 FROM test_stock_withdrawn w WHERE w.stock_id = s.id)
    ORDER BY s.stocked_at, s.id;
END $$;

-- A test a desk took offline from its stock, as the desk's outbox brings it: its id, or the id it already has when
-- this UUID arrived before from this stocked test (an outbox sent again). The stocked test must be one the server made
-- for this login, never used before; the target and answer-key settings the desk set it up under must be those in
-- force now, the ones a test issued now is judged by (a desk that had not read a change is refused, and says why).
-- Stored as a test the server issued: its start at the server's clock as it arrives, its seed kept (test_secrets),
-- its items counted (test_issues, with the stocked test's id), and its issue saying it was taken from stock, with the
-- desk's own clock's start for what it is worth.
CREATE OR REPLACE FUNCTION dd_start_stocked_test(p_uuid text, p_stock_id text, p_trainee_uuid text, p_drill text,
        p_workstation text, p_target text, p_settings text, p_desk_started_at text) RETURNS bigint {_DEFINER} AS $$
DECLARE v_session bigint; v_used text; v_login text; v_seed bigint; v_stocked_at text; v_trainee bigint;
        v_game text; v_target jsonb; v_change bigint; v_keys jsonb; v_entry bigint; v_settings jsonb;
        v_given_target jsonb; v_given_settings jsonb; v_started text;
BEGIN
    PERFORM dd_lock_chains();
    SELECT s.id, i.stock_id INTO v_session, v_used
    FROM sessions s LEFT JOIN test_issues i ON i.session_id = s.id WHERE s.uuid = p_uuid;
    IF v_session IS NOT NULL THEN
        IF v_used = p_stock_id THEN RETURN v_session; END IF;
        RAISE EXCEPTION 'a session % exists already', p_uuid USING ERRCODE = 'unique_violation';
    END IF;
    SELECT k.login, k.seed, k.stocked_at INTO v_login, v_seed, v_stocked_at FROM test_stock k WHERE k.id = p_stock_id;
    IF v_login IS NULL THEN
        RAISE EXCEPTION 'the server stocked no test %: a test taken offline starts only from one the server issued '
                        'ahead for the desk', p_stock_id USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_login <> session_user THEN
        RAISE EXCEPTION 'the stocked test % was issued for the desk login %, not %', p_stock_id, v_login, session_user
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    SELECT s.uuid INTO v_used FROM test_issues i JOIN sessions s ON s.id = i.session_id WHERE i.stock_id = p_stock_id;
    IF v_used IS NOT NULL THEN
        RAISE EXCEPTION 'the stocked test % was used already (session %): each is taken once', p_stock_id, v_used
            USING ERRCODE = 'unique_violation';
    END IF;
    SELECT w.withdrawn_at INTO v_used FROM test_stock_withdrawn w WHERE w.stock_id = p_stock_id;
    IF v_used IS NOT NULL THEN
        RAISE EXCEPTION 'the stocked test % was withdrawn by its desk at %: it starts no test', p_stock_id, v_used
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    v_trainee := dd_trainee_for_session(p_trainee_uuid);
    SELECT * INTO v_game, v_target, v_change FROM dd_target_in_force(p_drill);
    SELECT * INTO v_keys, v_entry FROM dd_answer_keys_in_force();
    v_settings := v_keys || jsonb_build_object('difficulty', (v_target ->> 'level')::integer);
    BEGIN
        v_given_target := p_target::jsonb;
        v_given_settings := p_settings::jsonb - '{ISSUE_KEY}';
    EXCEPTION WHEN others THEN         -- not JSON, or not an object: not what this desk's program sends
        v_given_target := NULL;
    END;
    IF v_given_target IS DISTINCT FROM v_target THEN
        RAISE EXCEPTION 'the test of % taken offline was set up under the target %, not the manager''s target in force '
                        '(%): the desk had not read it (it reads it whenever the server answers), so the test is '
                        'refused', p_drill, p_target, v_target::text USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    IF v_given_settings IS DISTINCT FROM v_settings THEN
        RAISE EXCEPTION 'the test of % taken offline was set up under answer-key settings that are not the manager''s '
                        'in force: the desk had not read them (it reads them whenever the server answers), so the '
                        'test is refused', p_drill USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    v_started := dd_now();
    v_settings := v_settings || jsonb_build_object('{ISSUE_KEY}', jsonb_build_object(
        'seed_sha256', encode(sha256(convert_to(v_seed::text, 'UTF8')), 'hex'), 'target_change', v_change,
        'settings_entry', v_entry,
        'stock', jsonb_build_object('id', p_stock_id, 'login', v_login, 'stocked_at', v_stocked_at,
                                    'desk_clock_started_at', left(coalesce(p_desk_started_at, ''), 40))));
    v_session := dd_insert_session(p_uuid, v_trainee, p_trainee_uuid, p_drill, v_game, 'test', v_settings::text,
                                   v_target::text, p_workstation, v_started);
    INSERT INTO test_issues (session_id, test_items, stock_id)
    VALUES (v_session, (v_target ->> 'test_items')::integer, p_stock_id);
    INSERT INTO test_secrets (session_id, seed) VALUES (v_session, v_seed);
    RETURN v_session;
END $$;

-- The key of item p_number of a test the server issued (SHA-256 of "seed:number", as dealerdrill.drills.session.
-- item_key): while the test runs, only up to the item due (one more than its answers), and only to the login that
-- started it or a manager's; once it has ended, any of its items.
CREATE OR REPLACE FUNCTION dd_item_key(p_session_uuid text, p_number integer) RETURNS text {_DEFINER} AS $$
DECLARE v_session bigint; v_finished text; v_login text; v_items integer; v_seed bigint; v_answers integer;
BEGIN
    -- Asked in a transaction of its own: one that wrote could add a placeholder answer, take the next key, and
    -- roll back, walking the whole test ahead; the answers counted here are then those committed.
    IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
        RAISE EXCEPTION 'an item''s key is given only in a transaction that has written nothing'
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    SELECT s.id, s.finished_at, s.login, i.test_items, k.seed INTO v_session, v_finished, v_login, v_items, v_seed
    FROM sessions s JOIN test_issues i ON i.session_id = s.id JOIN test_secrets k ON k.session_id = s.id
    WHERE s.uuid = p_session_uuid;
    IF v_session IS NULL THEN
        RAISE EXCEPTION 'the server issued no test %', p_session_uuid USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_number IS NULL OR p_number < 1 OR p_number > v_items THEN
        RAISE EXCEPTION 'the test % has items 1 to %, not %', p_session_uuid, v_items, p_number
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_finished IS NULL THEN
        IF v_login <> session_user AND NOT dd_manager_login() THEN
            RAISE EXCEPTION 'the test % is another login''s, and still running', p_session_uuid
                USING ERRCODE = 'insufficient_privilege';
        END IF;
        SELECT count(*) INTO v_answers FROM answers WHERE session_id = v_session;
        IF p_number > v_answers + 1 THEN
            RAISE EXCEPTION 'item % of the test % is not due: % answered so far', p_number, p_session_uuid, v_answers
                USING ERRCODE = 'insufficient_privilege';
        END IF;
    END IF;
    RETURN encode(sha256(convert_to(v_seed::text || ':' || p_number::text, 'UTF8')), 'hex');
END $$;

-- The seed of a test the server issued, once the test has ended (to judge it again: its items follow from it).
CREATE OR REPLACE FUNCTION dd_test_seed(p_session_uuid text) RETURNS bigint {_DEFINER} AS $$
DECLARE v_finished text; v_seed bigint;
BEGIN
    SELECT s.finished_at, k.seed INTO v_finished, v_seed
    FROM sessions s JOIN test_secrets k ON k.session_id = s.id WHERE s.uuid = p_session_uuid;
    IF v_seed IS NULL THEN
        RAISE EXCEPTION 'the server issued no test %', p_session_uuid USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_finished IS NULL THEN
        RAISE EXCEPTION 'the test % is still running: its seed is given once it has ended', p_session_uuid
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN v_seed;
END $$;

-- A graded answer and the trainee's scheduler memory after it, in one transaction. Only into a running
-- session that this login started; an answer whose UUID is already stored is ignored (NULL): an outbox
-- sent twice adds nothing. A desk's answer is stored at the server's time (dd_stamp), not p_answered_at.
-- p_seq is the answer's number in the session as the desk asked it: it must be the next one, so that answer N is
-- the desk's N-th (one lost on the way is never covered by the next). A test takes answers only when the server
-- issued it (test_issues), each numbered, and no more than its items. p_correct is the desk's word and no more:
-- wherever a result is trusted the program grades each answer again (dealerdrill.verdicts) and names a stored
-- grade that disagrees. A practice or timed answer without a number (an outbox filled by an older Dealer Drill)
-- is the next.
CREATE OR REPLACE FUNCTION dd_record_answer(p_session_uuid text, p_uuid text, p_family text, p_item text,
        p_answer text, p_expected text, p_given text, p_correct integer, p_category text, p_rule text,
        p_seconds double precision, p_timed_out integer, p_answered_at text, p_memory text, p_memory_at text,
        p_seq integer DEFAULT NULL) RETURNS bigint {_DEFINER} AS $$
DECLARE v_session bigint; v_finished text; v_login text; v_trainee bigint; v_drill text; v_mode text;
        v_seq integer; v_items integer; v_answered_at text;
BEGIN
    PERFORM dd_lock_chains();
    v_answered_at := dd_stamp(p_answered_at);
    IF EXISTS (SELECT 1 FROM answers WHERE uuid = p_uuid) THEN RETURN NULL; END IF;
    SELECT id, finished_at, login, trainee_id, drill, mode INTO v_session, v_finished, v_login, v_trainee, v_drill,
                                                               v_mode
    FROM sessions WHERE uuid = p_session_uuid;
    IF v_session IS NULL THEN
        RAISE EXCEPTION 'there is no session %', p_session_uuid USING ERRCODE = 'foreign_key_violation';
    END IF;
    IF v_finished IS NOT NULL THEN
        RAISE EXCEPTION 'that session is finished; start a new one to record more answers'
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    IF v_login <> session_user AND NOT pg_has_role(session_user, 'dealerdrill_manager', 'MEMBER') THEN
        RAISE EXCEPTION 'the session % was started by %, not by %', p_session_uuid, v_login, session_user
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    SELECT count(*) + 1 INTO v_seq FROM answers WHERE session_id = v_session;
    IF v_mode = 'test' THEN
        SELECT test_items INTO v_items FROM test_issues WHERE session_id = v_session;
        IF v_items IS NULL THEN
            RAISE EXCEPTION 'the session % is a test the training room server did not issue: it takes no answers',
                p_session_uuid USING ERRCODE = 'insufficient_privilege';
        END IF;
        IF p_seq IS NULL THEN
            RAISE EXCEPTION 'an answer to a test names its number in the test'
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
    END IF;
    IF p_seq IS NOT NULL AND p_seq <> v_seq THEN
        RAISE EXCEPTION 'answer % of the session % is out of order: the session holds % answers, so the next is %',
            p_seq, p_session_uuid, v_seq - 1, v_seq USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    IF v_seq > v_items THEN
        RAISE EXCEPTION 'the test % has % items, all answered: it takes no more answers', p_session_uuid, v_items
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    PERFORM dd_insert_answer(p_uuid, v_session, v_seq, p_family, p_item, p_answer, p_expected, p_given, p_correct,
                             p_category, p_rule, p_seconds, p_timed_out, v_answered_at);
    IF p_memory IS NOT NULL THEN
        INSERT INTO scheduler_memory (trainee_id, drill, memory, updated_at)
        VALUES (v_trainee, v_drill, p_memory, dd_stamp(p_memory_at))
        ON CONFLICT (trainee_id, drill) DO UPDATE SET memory = excluded.memory, updated_at = excluded.updated_at;
    END IF;
    RETURN v_seq;
END $$;

-- A session's finish (once); false when it was finished already. At the server's time for a desk's login
-- (dd_stamp); a manager's import gives the time the session finished elsewhere.
CREATE OR REPLACE FUNCTION dd_finish_session(p_uuid text, p_finished_at text) RETURNS boolean {_DEFINER} AS $$
DECLARE v_session bigint; v_finished text; v_login text; v_items bigint; v_correct bigint;
        v_finished_at text;
BEGIN
    PERFORM dd_lock_chains();
    v_finished_at := dd_stamp(p_finished_at);
    SELECT id, finished_at, login INTO v_session, v_finished, v_login FROM sessions WHERE uuid = p_uuid;
    IF v_session IS NULL THEN
        RAISE EXCEPTION 'there is no session %', p_uuid USING ERRCODE = 'foreign_key_violation';
    END IF;
    IF v_finished IS NOT NULL THEN RETURN false; END IF;
    IF v_login <> session_user AND NOT pg_has_role(session_user, 'dealerdrill_manager', 'MEMBER') THEN
        RAISE EXCEPTION 'the session % was started by %, not by %', p_uuid, v_login, session_user
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    UPDATE sessions SET finished_at = v_finished_at WHERE id = v_session;
    SELECT count(*), coalesce(sum(correct), 0) INTO v_items, v_correct FROM answers WHERE session_id = v_session;
    PERFORM dd_append('session_end', p_uuid, jsonb_build_object('uuid', p_uuid, 'finished_at', v_finished_at,
                      'items', v_items, 'correct', v_correct)::text, NULL, NULL, NULL);
    RETURN true;
END $$;

-- ---------------------------------------------------------------------------------------- managers only

-- The chains' heads, with the lock taken for the rest of the transaction: what a signed entry must follow.
CREATE OR REPLACE FUNCTION dd_chain_heads(OUT ledger_head bytea, OUT answers_last_id bigint,
        OUT answers_head bytea, OUT next_audit bigint, OUT next_target bigint) {_DEFINER} AS $$
BEGIN
    PERFORM dd_lock_chains();
    SELECT chain_hash INTO ledger_head FROM ledger ORDER BY seq DESC LIMIT 1;
    SELECT id, chain_hash INTO answers_last_id, answers_head FROM answers ORDER BY id DESC LIMIT 1;
    ledger_head := coalesce(ledger_head, '\\x{chain.NO_HASH.hex()}'::bytea);
    answers_last_id := coalesce(answers_last_id, 0);
    answers_head := coalesce(answers_head, '\\x{chain.NO_HASH.hex()}'::bytea);
    SELECT coalesce(max(id), 0) + 1 INTO next_audit FROM audit;
    SELECT coalesce(max(id), 0) + 1 INTO next_target FROM target_changes;
END $$;

CREATE OR REPLACE FUNCTION dd_signed_audit(p_id bigint, p_at text, p_actor text, p_action text, p_detail text,
        p_content text, p_hash bytea, p_key text, p_signature bytea) RETURNS bigint {_DEFINER} AS $$
DECLARE v_id bigint;
BEGIN
    v_id := dd_audit_row(p_at, p_actor, p_action, p_detail);
    IF v_id <> p_id OR p_content::jsonb <> jsonb_build_object('id', v_id, 'at', p_at, 'actor', p_actor,
                                                              'action', p_action, 'detail', p_detail) THEN
        RAISE EXCEPTION 'the signed audit entry does not say what is stored' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    PERFORM dd_append('audit', v_id::text, p_content, p_key, p_signature, p_hash);
    RETURN v_id;
END $$;

CREATE OR REPLACE FUNCTION dd_checkpoint(p_content text, p_hash bytea, p_key text, p_signature bytea)
        RETURNS void {_DEFINER} AS $$
BEGIN
    PERFORM dd_append('checkpoint', p_content::jsonb ->> 'by', p_content, p_key, p_signature, p_hash);
END $$;

CREATE OR REPLACE FUNCTION dd_set_archived(p_uuid text, p_archived_at text, p_archived_by text) RETURNS void
        {_DEFINER} AS $$
BEGIN
    UPDATE trainees SET archived_at = p_archived_at, archived_by = p_archived_by WHERE uuid = p_uuid;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'there is no trainee %', p_uuid USING ERRCODE = 'foreign_key_violation';
    END IF;
END $$;

CREATE OR REPLACE FUNCTION dd_sign_off(p_session_uuid text, p_manager text, p_signed_at text, p_note text,
        p_reason text, p_content text, p_hash bytea, p_key text, p_signature bytea) RETURNS void {_DEFINER} AS $$
DECLARE v_session bigint;
BEGIN
    SELECT id INTO v_session FROM sessions WHERE uuid = p_session_uuid AND finished_at IS NOT NULL;
    IF v_session IS NULL THEN
        RAISE EXCEPTION 'there is no finished session %', p_session_uuid USING ERRCODE = 'foreign_key_violation';
    END IF;
    IF p_key IS NULL OR (p_content::jsonb -> 'statement' ->> 'session') IS DISTINCT FROM p_session_uuid THEN
        RAISE EXCEPTION 'a sign-off must be signed, over this session' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    INSERT INTO signoffs (session_id, manager, signed_at, note, reason)
    VALUES (v_session, p_manager, p_signed_at, p_note, p_reason);
    PERFORM dd_append('signoff', p_session_uuid, p_content, p_key, p_signature, p_hash);
END $$;

CREATE OR REPLACE FUNCTION dd_set_target(p_id bigint, p_drill text, p_seconds double precision,
        p_accuracy double precision, p_test_items integer, p_pass_mark double precision, p_set_by text,
        p_set_at text, p_content text, p_hash bytea, p_key text, p_signature bytea, p_level integer)
        RETURNS void {_DEFINER} AS $$
DECLARE v_id bigint;
BEGIN
    PERFORM dd_lock_chains();
    SELECT coalesce(max(id), 0) + 1 INTO v_id FROM target_changes;
    IF v_id <> p_id OR p_key IS NULL THEN
        RAISE EXCEPTION 'the signed target does not follow the targets as they stand'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    INSERT INTO target_changes (id, drill, seconds, accuracy, test_items, pass_mark, set_by, set_at, level)
    VALUES (v_id, p_drill, p_seconds, p_accuracy, p_test_items, p_pass_mark, p_set_by, p_set_at, p_level);
    PERFORM dd_append('target', v_id::text, p_content, p_key, p_signature, p_hash);
END $$;

-- A manager key the room accepts from now on. A manager's login adds only a key signed by one the room already
-- accepts (a key that manager trusts: 'trusted'); a key signed by itself ('this workstation') only the room's
-- owner adds, with the manager typing the PIN (`room setup --manager`). Otherwise whoever holds a manager's login
-- could add a key of their own under any manager's name, and what it signs would read as that manager's.
CREATE OR REPLACE FUNCTION dd_add_manager_key(p_fingerprint text, p_public_key bytea, p_manager text,
        p_origin text, p_added_at text, p_content text, p_hash bytea, p_key text, p_signature bytea)
        RETURNS void {_DEFINER} AS $$
BEGIN
    PERFORM dd_lock_chains();
    IF p_key IS NULL OR p_key = p_fingerprint THEN
        IF p_key IS NULL OR p_origin <> 'this workstation' OR NOT dd_owner_login() THEN
            RAISE EXCEPTION 'a manager key joins the training room only signed by a key the room already accepts, '
                            'or added by the room''s owner with the manager (`dealerdrill room setup --manager NAME '
                            '--pin-file PATH`)' USING ERRCODE = 'insufficient_privilege';
        END IF;
    ELSIF p_origin <> 'trusted' OR NOT EXISTS (SELECT 1 FROM manager_keys WHERE fingerprint = p_key) THEN
        RAISE EXCEPTION 'a manager key signed by another is one that key''s manager trusts (origin trusted), signed '
                        'by a key the room accepts' USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF p_content::jsonb <> jsonb_build_object('fingerprint', p_fingerprint, 'public_key', encode(p_public_key, 'hex'),
                                              'manager', p_manager, 'origin', p_origin, 'added_at', p_added_at) THEN
        RAISE EXCEPTION 'the signed key entry does not say what is stored' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    INSERT INTO manager_keys (fingerprint, public_key, manager, origin, added_at)
    VALUES (p_fingerprint, p_public_key, p_manager, p_origin, p_added_at);
    PERFORM dd_append('key', p_fingerprint, p_content, p_key, p_signature, p_hash);
END $$;

-- Imports (a manager's `dealerdrill import` into the room; the program has graded every answer again).
CREATE OR REPLACE FUNCTION dd_import_trainee(p_uuid text, p_name text, p_name_key text, p_created_at text)
        RETURNS bigint {_DEFINER} AS $$
BEGIN
    RETURN dd_add_trainee(p_uuid, p_name, p_name_key, p_created_at);
END $$;

CREATE OR REPLACE FUNCTION dd_import_answer(p_session_id bigint, p_uuid text, p_seq integer, p_family text,
        p_item text, p_answer text, p_expected text, p_given text, p_correct integer, p_category text,
        p_rule text, p_seconds double precision, p_timed_out integer, p_answered_at text) RETURNS bigint
        {_DEFINER} AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM sessions WHERE id = p_session_id AND finished_at IS NOT NULL) THEN
        RAISE EXCEPTION 'answers are never added to a finished session'
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN dd_insert_answer(p_uuid, p_session_id, p_seq, p_family, p_item, p_answer, p_expected, p_given,
                            p_correct, p_category, p_rule, p_seconds, p_timed_out, p_answered_at);
END $$;

CREATE OR REPLACE FUNCTION dd_import_signoff(p_session_uuid text, p_manager text, p_signed_at text, p_note text,
        p_reason text, p_content text) RETURNS void {_DEFINER} AS $$
DECLARE v_session bigint;
BEGIN
    SELECT id INTO v_session FROM sessions WHERE uuid = p_session_uuid AND finished_at IS NOT NULL;
    IF v_session IS NULL THEN
        RAISE EXCEPTION 'there is no finished session %', p_session_uuid USING ERRCODE = 'foreign_key_violation';
    END IF;
    INSERT INTO signoffs (session_id, manager, signed_at, note, reason)
    VALUES (v_session, p_manager, p_signed_at, p_note, p_reason);
    PERFORM dd_append('signoff', p_session_uuid, p_content, NULL, NULL, NULL);
END $$;
"""

# Who may run which function (room_setup.py grants these and nothing else that writes).
DESK_FUNCTIONS = ("dd_audit(text, text, text, text)", "dd_create_trainee(text, text, text, text)",
                  "dd_start_session(text, text, text, text, text, text, text, text, text)",
                  "dd_issue_test(text, text, text, text)", "dd_item_key(text, integer)", "dd_test_seed(text)",
                  "dd_record_answer(text, text, text, text, text, text, text, integer, text, text, double precision, "
                  "integer, text, text, text, integer)",
                  "dd_finish_session(text, text)", "dd_test_terms()", "dd_stock_tests(integer, text[])",
                  "dd_start_stocked_test(text, text, text, text, text, text, text, text)")
MANAGER_FUNCTIONS = ("dd_chain_heads()", "dd_signed_audit(bigint, text, text, text, text, text, bytea, text, bytea)",
                     "dd_checkpoint(text, bytea, text, bytea)", "dd_set_archived(text, text, text)",
                     "dd_sign_off(text, text, text, text, text, text, bytea, text, bytea)",
                     "dd_set_target(bigint, text, double precision, double precision, integer, double precision, "
                     "text, text, text, bytea, text, bytea, integer)",
                     "dd_add_manager_key(text, bytea, text, text, text, text, bytea, text, bytea)",
                     "dd_import_trainee(text, text, text, text)",
                     "dd_import_answer(bigint, text, integer, text, text, text, text, text, integer, text, text, "
                     "double precision, integer, text)",
                     "dd_import_signoff(text, text, text, text, text, text)")
INTERNAL_FUNCTIONS = ("dd_lock_chains()", "dd_append(text, text, text, text, bytea, bytea)",
                      "dd_insert_answer(text, bigint, integer, text, text, text, text, text, integer, text, text, "
                      "double precision, integer, text)",
                      "dd_audit_row(text, text, text, text)", "dd_add_trainee(text, text, text, text)",
                      "dd_trainee_for_session(text)",
                      "dd_insert_session(text, bigint, text, text, text, text, text, text, text, text)",
                      "dd_target_in_force(text)", "dd_answer_keys_in_force()", "dd_new_seed()")
