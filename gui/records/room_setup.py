"""Setting up a training room's database: `dealerdrill room setup`, `room add-desk`, `room add-manager`.
Qt-free.

Run by whoever owns the database (a role that may create roles, or the superuser), once, and again after
updating Dealer Drill (it upgrades the schema and rewrites the server functions; nothing stored changes):

- the schema `dealerdrill`, its tables at the current version (room_schema.PG_MIGRATIONS), the server
  functions, all owned by the role that runs the setup;
- two group roles, which log in as nobody: `dealerdrill_desk` (read everything; add trainees, start and
  finish sessions, add answers and unsigned audit entries, only through the desk functions) and
  `dealerdrill_manager` (a desk's rights, and the manager functions: sign-offs, targets, archiving, manager
  keys, checkpoints, imports);
- no role but the owner gets INSERT, UPDATE, DELETE or TRUNCATE on any table; the triggers refuse UPDATE,
  DELETE and TRUNCATE of results even to the owner.

Each desk and each manager then logs in as a role of their own, a member of one group (`add_login`), so the
server knows who did what (session_user, in the `login` columns).
"""
from __future__ import annotations

import re

from .room_schema import (
    DESK_FUNCTIONS,
    FUNCTIONS,
    INTERNAL_FUNCTIONS,
    MANAGER_FUNCTIONS,
    PG_MIGRATIONS,
    ROOM_SCHEMA_VERSION,
    SCHEMA,
)

DESK_GROUP = "dealerdrill_desk"
MANAGER_GROUP = "dealerdrill_manager"
SCHEMA_VERSION = ROOM_SCHEMA_VERSION
_LOGIN_NAME = re.compile(r"^[a-z_][a-z0-9_\-.]{0,62}$")


class RoomSetupError(RuntimeError):
    """The room could not be set up; the message says why (nothing was changed)."""


def _connect(url: str):
    import psycopg

    from .room_connection import conninfo

    try:
        return psycopg.connect(conninfo(url, application="dealerdrill room setup"), autocommit=True)
    except psycopg.Error as error:
        raise RoomSetupError(f"Cannot connect to the training room server: {str(error).strip()}") from None


def _role_exists(cursor, name: str) -> bool:
    return cursor.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (name,)).fetchone() is not None


def setup(url: str, catalog=None, answer_key_defaults: dict | None = None) -> tuple[int, int]:
    """Create or upgrade the room at `url`; returns (version before, version now). Each step is one
    transaction: a failure leaves the room at the last version reached, and running it again goes on.
    `catalog` (a DrillCatalog: the command line gives the program's) writes the drills the room knows and
    their default targets, which the server issues tests under until a manager sets one; `answer_key_defaults`
    (by table) the settings a test is issued under where no manager changed one."""
    import psycopg

    connection = _connect(url)
    try:
        with connection.cursor() as cursor:
            for group, member_of in ((DESK_GROUP, None), (MANAGER_GROUP, DESK_GROUP)):
                if not _role_exists(cursor, group):
                    cursor.execute(f'CREATE ROLE "{group}" NOLOGIN')
                if member_of:
                    cursor.execute(f'GRANT "{member_of}" TO "{group}"')
            cursor.execute(f"CREATE SCHEMA IF NOT EXISTS {SCHEMA}")
            cursor.execute(f"SET search_path = {SCHEMA}, pg_catalog")
            cursor.execute("CREATE TABLE IF NOT EXISTS schema_version (one boolean PRIMARY KEY DEFAULT true "
                           "CHECK (one), version integer NOT NULL)")
            cursor.execute("INSERT INTO schema_version (version) VALUES (0) ON CONFLICT DO NOTHING")
            start = None
            while True:
                with connection.transaction():
                    cursor.execute("SELECT version FROM schema_version FOR UPDATE")
                    version = cursor.fetchone()[0]
                    start = version if start is None else start
                    if version > SCHEMA_VERSION:
                        raise RoomSetupError(f"The room's records are at version {version}, newer than this Dealer "
                                             f"Drill's ({SCHEMA_VERSION}); set it up with the newer Dealer Drill.")
                    if version == SCHEMA_VERSION:
                        break
                    cursor.execute(PG_MIGRATIONS[version])
                    cursor.execute("UPDATE schema_version SET version = %s", (version + 1,))
            with connection.transaction():
                cursor.execute(FUNCTIONS)
                _grant(cursor)
                if catalog is not None:
                    _write_drill_defaults(cursor, catalog)
                if answer_key_defaults is not None:
                    import json

                    cursor.execute("INSERT INTO answer_key_defaults (settings) VALUES (%s) ON CONFLICT (one) DO "
                                   "UPDATE SET settings = excluded.settings",
                                   (json.dumps(answer_key_defaults, sort_keys=True),))
    except psycopg.Error as error:
        raise RoomSetupError(f"The training room could not be set up: {str(error).strip()}") from None
    finally:
        connection.close()
    return start, SCHEMA_VERSION


def _write_drill_defaults(cursor, catalog) -> None:
    import json

    for drill_id, info in sorted(catalog.drills().items()):
        cursor.execute("INSERT INTO drill_defaults (drill, game, target) VALUES (%s, %s, %s) ON CONFLICT (drill) DO "
                       "UPDATE SET game = excluded.game, target = excluded.target",
                       (drill_id, info.game, json.dumps(catalog.default_target(drill_id).to_dict(), sort_keys=True)))


def _grant(cursor) -> None:
    cursor.execute(f"REVOKE ALL ON SCHEMA {SCHEMA} FROM PUBLIC")
    cursor.execute(f"REVOKE ALL ON ALL TABLES IN SCHEMA {SCHEMA} FROM PUBLIC, {DESK_GROUP}, {MANAGER_GROUP}")
    cursor.execute(f"REVOKE ALL ON ALL FUNCTIONS IN SCHEMA {SCHEMA} FROM PUBLIC, {DESK_GROUP}, {MANAGER_GROUP}")
    cursor.execute(f"GRANT USAGE ON SCHEMA {SCHEMA} TO {DESK_GROUP}")
    # Reading progress is every desk's; writing is only through the functions below.
    cursor.execute(f"GRANT SELECT ON ALL TABLES IN SCHEMA {SCHEMA} TO {DESK_GROUP}")
    # ...but for the seeds of the tests the server issued: with one, a desk would know every item before the first.
    cursor.execute(f"REVOKE SELECT ON {SCHEMA}.test_secrets FROM {DESK_GROUP}, {MANAGER_GROUP}")
    # ...and the seeds of the tests the server stocked for each desk to take offline (each desk gets its own).
    cursor.execute(f"REVOKE SELECT ON {SCHEMA}.test_stock FROM {DESK_GROUP}, {MANAGER_GROUP}")
    for signature in ("dd_answer_content(bigint, text, bigint, integer, text, text, text, text, text, integer, text, "
                      "text, double precision, integer, text)",
                      "dd_ledger_link(bytea, text, text, text, bigint, bytea)") + DESK_FUNCTIONS:
        cursor.execute(f"GRANT EXECUTE ON FUNCTION {signature} TO {DESK_GROUP}")
    for signature in MANAGER_FUNCTIONS:
        cursor.execute(f"GRANT EXECUTE ON FUNCTION {signature} TO {MANAGER_GROUP}")
    for signature in INTERNAL_FUNCTIONS:      # run only inside the functions above, with the owner's rights
        cursor.execute(f"REVOKE ALL ON FUNCTION {signature} FROM PUBLIC")


def add_login(url: str, name: str, kind: str, password: str | None = None) -> str:
    """A login role for one desk ("desk") or one manager ("manager"), a member of its group; with a password
    (sent to the server as a SCRAM verifier, never kept here) or without one (certificate or peer
    authentication, as the server's pg_hba.conf says). Returns the role's name."""
    import psycopg
    from psycopg import sql

    if kind not in ("desk", "manager"):
        raise ValueError("a login is for a desk or a manager")
    if not isinstance(name, str) or not _LOGIN_NAME.match(name):
        raise ValueError(f"{name!r} is not a usable login name: lower-case letters, digits, _ - and ., "
                         f"starting with a letter, at most 63 characters.")
    group = DESK_GROUP if kind == "desk" else MANAGER_GROUP
    connection = _connect(url)
    try:
        with connection.cursor() as cursor, connection.transaction():
            if not _role_exists(cursor, group):
                raise RoomSetupError("The room is not set up yet: run `dealerdrill room setup --url URL` first.")
            if _role_exists(cursor, name):
                raise RoomSetupError(f"There is already a role called {name!r} on this server.")
            cursor.execute(sql.SQL("CREATE ROLE {} LOGIN IN ROLE {}").format(sql.Identifier(name),
                                                                              sql.Identifier(group)))
            if password:
                # Hashed by the server; psql's \password sends a verifier instead, for those who prefer.
                cursor.execute(sql.SQL("ALTER ROLE {} PASSWORD {}").format(sql.Identifier(name),
                                                                           sql.Literal(password)))
            cursor.execute(sql.SQL("ALTER ROLE {} SET search_path = {}, pg_catalog").format(
                sql.Identifier(name), sql.Identifier(SCHEMA)))
    except psycopg.Error as error:
        raise RoomSetupError(f"The login could not be added: {str(error).strip()}") from None
    finally:
        connection.close()
    return name


def add_manager_key(url: str, public_key: bytes, manager: str, signer) -> str:
    """The room's owner (`url` is the owner's) adds `manager`'s key to the room, signed by the key itself (`signer`,
    unlocked with the manager's PIN): how a manager's key joins a room that accepts none yet, or one no manager of
    the room has trusted. A manager's login cannot do this (the server takes from it only a key signed by one the
    room already accepts). Returns the key's fingerprint."""
    import psycopg

    from . import chain
    from .room_store import _Transaction, add_manager_key as add_key
    from .store import to_text, utc_now

    fingerprint = chain.fingerprint_of(public_key)
    connection = _connect(url)
    try:
        with connection.transaction():
            db = _Transaction(connection)
            if db.execute("SELECT 1 FROM manager_keys WHERE fingerprint = ?", (fingerprint,)).fetchone():
                raise RoomSetupError(f"The key {fingerprint} is already one of the room's manager keys.")
            return add_key(db, public_key, manager, "this workstation", signer, manager, to_text(utc_now()))
    except psycopg.Error as error:
        message = getattr(error.diag, "message_primary", None) or str(error).strip()
        raise RoomSetupError(f"The manager's key could not be added: {message}") from None
    finally:
        connection.close()


def has_manager_key(url: str, fingerprint: str) -> bool:
    """Whether the room (`url` is the owner's) already holds the manager key `fingerprint`: `room setup --manager`
    then only issues its certificate."""
    import psycopg

    from .room_store import _Transaction

    connection = _connect(url)
    try:
        with connection.transaction():
            row = _Transaction(connection).execute("SELECT 1 FROM manager_keys WHERE fingerprint = ?",
                                                   (fingerprint,)).fetchone()
    except psycopg.Error as error:
        raise RoomSetupError(f"The room's manager keys could not be read: {str(error).strip()}") from None
    finally:
        connection.close()
    return row is not None
