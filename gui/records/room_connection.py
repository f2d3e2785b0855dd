"""Connecting to the training room's PostgreSQL server. Qt-free.

A room is named by a libpq URL (postgresql://desk-03@records.casino.local/dealerdrill, or
postgresql:///dealerdrill?service=dealerdrill-room). Passwords never go into Dealer Drill's own files. A
desk's login finds its password where libpq looks: the password file (~/.pgpass, or PGPASSFILE) or a service
file (~/.pg_service.conf, or PGSERVICEFILE), and where the `keyring` package and an OS keyring are there, a
password kept in the keyring under the service "dealerdrill-room" and "user@host" is used too. A manager's
login at a desk is opened only with the password the manager types when unlocking the role (`password`
below): nothing in the desk's account is read for it. A URL that carries a password is refused where Dealer
Drill would store it (the Manager page's setting; room_choice.py).

Every connection uses the `dealerdrill` schema, formats floating-point numbers the one way the answers
chain was written with (extra_float_digits = 1), and gives up connecting after a few seconds, so a desk
notices a lost server quickly and carries on with its outbox.
"""
from __future__ import annotations

from urllib.parse import urlsplit

from .room_schema import SCHEMA

KEYRING_SERVICE = "dealerdrill-room"
CONNECT_TIMEOUT_SECONDS = 3
STATEMENT_TIMEOUT_MS = 15_000


class RoomUrlError(ValueError):
    """The text is not a usable PostgreSQL URL; the message says why."""


def check_url(url: str, *, allow_password: bool = True) -> dict:
    """The URL's connection parameters; RoomUrlError in plain words when it is not a PostgreSQL URL (or
    carries a password where none may be kept)."""
    if not isinstance(url, str) or not url.strip():
        raise RoomUrlError("Give the training room server as a URL such as postgresql://desk-01@server/dealerdrill.")
    url = url.strip()
    if urlsplit(url).scheme.lower() not in ("postgresql", "postgres"):
        raise RoomUrlError(f"{url!r} is not a PostgreSQL URL (it must start with postgresql://).")
    from psycopg.conninfo import conninfo_to_dict  # psycopg only where a room is used

    try:
        parameters = conninfo_to_dict(url)
    except Exception as error:   # psycopg's ProgrammingError, in libpq's words
        raise RoomUrlError(f"{url!r} is not a usable PostgreSQL URL ({error}).") from None
    if parameters.get("password") and not allow_password:
        raise RoomUrlError("The URL holds a password, which Dealer Drill does not keep in its files. Leave it out: "
                           "a desk's login finds its password in the desk's PostgreSQL password file (~/.pgpass) "
                           "or a service file, and a manager types theirs when unlocking the role (README: a "
                           "training room).")
    return parameters


def public_url(url: str) -> str:
    """The URL as it may be shown or logged: never its password."""
    from psycopg.conninfo import conninfo_to_dict

    try:
        parameters = conninfo_to_dict(url)
    except Exception:
        return "(an unreadable URL)"
    user, host = str(parameters.get("user") or ""), str(parameters.get("host") or "")
    database, service = str(parameters.get("dbname") or ""), parameters.get("service")
    where = f"service {service}" if service else f"{user + '@' if user else ''}{host or 'localhost'}"
    port = f":{parameters['port']}" if parameters.get("port") else ""
    return f"postgresql://{where}{port}/{database}" + (" (password hidden)" if parameters.get("password") else "")


def _keyring_password(parameters: dict) -> str | None:
    if parameters.get("password") or not parameters.get("user"):
        return None
    import importlib

    try:
        keyring = importlib.import_module("keyring")   # optional: where it is installed and an OS keyring answers
    except ImportError:
        return None
    try:
        return keyring.get_password(KEYRING_SERVICE, f"{parameters['user']}@{parameters.get('host', 'localhost')}")
    except Exception:    # no keyring backend, a locked keyring...: libpq's own files still apply
        return None


def conninfo(url: str, *, application: str = "dealerdrill", timeout: float = CONNECT_TIMEOUT_SECONDS,
             password: str | None = None) -> str:
    """The libpq connection string for `url`, with the records' session settings. With `password` (a manager's,
    as typed): that password and no other, whatever the URL, the keyring or libpq's files hold, for libpq reads
    its password file and service file only for a connection that names no password."""
    from psycopg.conninfo import make_conninfo

    parameters = check_url(url)
    if password is not None:
        if not password:
            raise RoomUrlError("An empty password opens no login.")
        parameters["password"] = password
    else:
        kept = _keyring_password(parameters)
        if kept:
            parameters["password"] = kept
    options = (f"-c search_path={SCHEMA},pg_catalog -c extra_float_digits=1 "
               f"-c statement_timeout={STATEMENT_TIMEOUT_MS} -c idle_in_transaction_session_timeout=60000")
    parameters.setdefault("connect_timeout", str(max(1, int(timeout))))
    parameters.setdefault("application_name", application)
    parameters["options"] = (parameters.get("options", "") + " " + options).strip()
    if not str(parameters.get("host", "")).startswith("/"):
        # Over TCP: a server that stops answering (a pulled cable) is given up after 5 s, not the OS's minutes.
        parameters.setdefault("keepalives_idle", "5")
        parameters.setdefault("keepalives_interval", "2")
        parameters.setdefault("keepalives_count", "2")
        parameters.setdefault("tcp_user_timeout", "5000")
    return make_conninfo(**parameters)
