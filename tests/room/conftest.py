"""Fixtures for the training-room tests: a real PostgreSQL server, never a mock.

One throw-away cluster for the whole run (tests/pg_cluster.py: initdb in a temporary folder, the server as
the `postgres` user when the tests run as root, a private port, its socket in that folder), one room
database set up once as a template, and a fresh copy of it for each test. Login roles for two desks and a
manager exist cluster-wide; as a room should be set up, a manager's login authenticates with its password
(scram-sha-256), which a desk's test types at each unlock, while the desks' logins need none here. Without
PostgreSQL's binaries the room tests are skipped, unless DEALERDRILL_REQUIRE_POSTGRES=1 (CI sets it), where they
fail instead.
"""
from __future__ import annotations

import itertools
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pg_cluster
from room_helpers import Clock

DESKS = ("desk_a", "desk_b")
MANAGER = "manager_mere"
MANAGER_PASSWORD = "mere's room password"
_numbers = itertools.count(1)


def _binaries():
    binaries = pg_cluster.find_binaries()
    if binaries is None:
        if os.environ.get(pg_cluster.REQUIRE_VARIABLE) == "1":
            pytest.fail("PostgreSQL's server binaries are not installed (apt-get install postgresql), and "
                        f"{pg_cluster.REQUIRE_VARIABLE}=1 says the room tests must run")
        pytest.skip("no PostgreSQL server binaries on this machine (/usr/lib/postgresql/*/bin)")
    return binaries


def _started_cluster():
    from dealerdrill.desk.settings_policy import default_answer_keys
    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records import room_setup

    cluster = pg_cluster.Cluster(_binaries())
    # Every manager login (a member of the managers' group) gives its password; the rest are trusted (the desks).
    hba = cluster.data / "pg_hba.conf"
    hba.write_text(f"local all +{room_setup.MANAGER_GROUP} scram-sha-256\n" + hba.read_text())
    cluster.start()
    try:
        template = cluster.create_database("room_template")
        room_setup.setup(template, DRILL_CATALOG, default_answer_keys())
        for desk in DESKS:
            room_setup.add_login(template, desk, "desk")
        room_setup.add_login(template, MANAGER, "manager", MANAGER_PASSWORD)
    except BaseException:
        cluster.destroy()
        raise
    return cluster


@pytest.fixture(scope="session")
def postgres():
    cluster = _started_cluster()
    yield cluster
    cluster.destroy()


@pytest.fixture
def own_postgres():
    """A cluster of the test's own, for tests that stop, pause or restart the server."""
    cluster = _started_cluster()
    yield cluster
    cluster.destroy()


class Room:
    """One fresh room database: URLs for its owner, each desk and the manager (without its password, as a desk
    is given it; `manager_login` with it, for a test that connects as the manager directly)."""

    def __init__(self, cluster, database: str):
        from urllib.parse import quote

        self.cluster, self.database = cluster, database
        self.owner = cluster.url(database=database)
        self.desk_a, self.desk_b = (cluster.url(desk, database) for desk in DESKS)
        self.manager = cluster.url(MANAGER, database)
        self.manager_password = MANAGER_PASSWORD
        self.manager_login = cluster.url(f"{MANAGER}:{quote(MANAGER_PASSWORD, safe='')}", database)

    def psql(self, sql: str, user: str | None = None):
        return self.cluster.psql(sql, user=user, database=self.database)


def _new_room(cluster) -> Room:
    name = f"room_{os.getpid()}_{next(_numbers)}"
    result = cluster.psql(f'CREATE DATABASE "{name}" TEMPLATE room_template')
    assert result.returncode == 0, result.stderr
    return Room(cluster, name)


@pytest.fixture
def room(postgres):
    made = _new_room(postgres)
    yield made
    postgres.psql(f'DROP DATABASE IF EXISTS "{made.database}" WITH (FORCE)')


@pytest.fixture
def own_room(own_postgres):
    return _new_room(own_postgres)


@pytest.fixture
def open_room(tmp_path, clock):
    """open_room(url, name="desk") -> RoomRecords with its own outbox; all closed at the end."""
    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records.room_store import RoomRecords

    opened = []

    def make(url, name="desk", **options):
        records = RoomRecords(url, clock=clock, workstation=name, catalog=DRILL_CATALOG,
                              outbox_path=tmp_path / name / "room-outbox.sqlite3", **options)
        opened.append(records)
        return records

    yield make
    for records in opened:
        records.close()


@pytest.fixture(autouse=True)
def dealerdrill_home(tmp_path, monkeypatch):
    home = tmp_path / "dealerdrill-home"
    monkeypatch.setenv("DEALERDRILL_HOME", str(home))
    monkeypatch.delenv("DEALERDRILL_RECORDS_URL", raising=False)
    return home


@pytest.fixture
def clock():
    return Clock()

