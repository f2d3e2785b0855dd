"""A throw-away PostgreSQL cluster for the room tests and benchmarks: initdb into a temporary folder, the
postmaster on a private port with its unix socket in that folder, stopped and removed at the end.

PostgreSQL refuses to run as root, so when this process is root (CI) the server runs as the `postgres`
user (`runuser -u postgres -- ...`), which owns the folder. The binaries come from Debian's packages
(/usr/lib/postgresql/<version>/bin, off PATH); `find_binaries` says where, or None when there are none.
Only the unix socket is used (listen_addresses is empty): nothing here ever opens a network port.
"""
from __future__ import annotations

import glob
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

REQUIRE_VARIABLE = "DEALERDRILL_REQUIRE_POSTGRES"


def find_binaries() -> Path | None:
    """The newest /usr/lib/postgresql/*/bin holding initdb and postgres (or PG_BINDIR), else None."""
    candidates = [os.environ["PG_BINDIR"]] if os.environ.get("PG_BINDIR") else []
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name)
                         if Path(p).parent.name.isdigit() else 0, reverse=True)
    for folder in candidates:
        if (Path(folder) / "initdb").exists() and (Path(folder) / "postgres").exists():
            return Path(folder)
    return None


def _free_port() -> int:
    # Only a number for the socket's name (.s.PGSQL.<port>); no TCP listener is ever started.
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Cluster:
    """One running throw-away cluster. `url(user)` is a libpq URL for a role over the unix socket."""

    def __init__(self, binaries: Path, folder: Path | None = None):
        self.binaries = binaries
        self.as_root = os.geteuid() == 0
        self.folder = Path(folder or tempfile.mkdtemp(prefix="dealerdrill-pg-", dir="/tmp"))
        self.data = self.folder / "data"
        self.socket_dir = self.folder
        self.port = _free_port()
        self.superuser = "postgres" if self.as_root else os.environ.get("USER", "postgres")
        self.process: subprocess.Popen | None = None
        self.log = self.folder / "server.log"
        if self.as_root:
            shutil.chown(self.folder, "postgres", "postgres")
        os.chmod(self.folder, 0o755)
        self._run([str(binaries / "initdb"), "-D", str(self.data), "-U", self.superuser, "-A", "trust",
                   "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"])

    def _command(self, arguments: list[str]) -> list[str]:
        return ["runuser", "-u", "postgres", "--", *arguments] if self.as_root else arguments

    def _run(self, arguments: list[str]) -> None:
        result = subprocess.run(self._command(arguments), capture_output=True, text=True, cwd=self.folder)
        if result.returncode:
            raise RuntimeError(f"{arguments[0]} failed: {result.stderr or result.stdout}")

    def start(self, timeout: float = 30.0) -> Cluster:
        log = open(self.log, "a")
        if self.as_root:
            shutil.chown(self.log, "postgres", "postgres")
        self.process = subprocess.Popen(
            self._command([str(self.binaries / "postgres"), "-D", str(self.data), "-p", str(self.port),
                           "-k", str(self.socket_dir), "-c", "listen_addresses=", "-c", "fsync=on",
                           "-c", "max_connections=200", "-c", "shared_buffers=256MB"]),
            stdout=log, stderr=subprocess.STDOUT, cwd=self.folder, start_new_session=True)
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"postgres stopped at start: {self.log.read_text()[-2000:]}")
            if self.accepts():
                return self
            time.sleep(0.1)
        raise RuntimeError(f"postgres did not start in {timeout} s: {self.log.read_text()[-2000:]}")

    def accepts(self) -> bool:
        result = subprocess.run([str(self.binaries / "pg_isready"), "-h", str(self.socket_dir), "-p",
                                 str(self.port), "-t", "1"], capture_output=True)
        return result.returncode == 0

    @property
    def postmaster_pid(self) -> int:
        return int((self.data / "postmaster.pid").read_text().split()[0])

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (pg_ctl's modes: smart, fast, immediate)."""
        if self.process is None:
            return
        if self.process.poll() is None:
            # To the postmaster itself: runuser, its parent under root, does not pass every signal on.
            try:
                os.kill(self.postmaster_pid, {"smart": signal.SIGTERM, "fast": signal.SIGINT,
                                              "immediate": signal.SIGQUIT}[mode])
            except (OSError, ValueError):
                self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def pause(self) -> None:
        os.kill(self.postmaster_pid, signal.SIGSTOP)

    def resume(self) -> None:
        os.kill(self.postmaster_pid, signal.SIGCONT)
        if self.as_root and self.process is not None:
            # runuser stops itself when its child is stopped (as su does), and would never reap it after.
            os.kill(self.process.pid, signal.SIGCONT)

    def url(self, user: str | None = None, database: str = "postgres") -> str:
        return f"postgresql://{user or self.superuser}@/{database}?host={self.socket_dir}&port={self.port}"

    def psql(self, sql: str, user: str | None = None, database: str = "postgres") -> subprocess.CompletedProcess:
        """Run `sql` with the real psql client as `user` (ON_ERROR_STOP: a refused statement fails it)."""
        psql = shutil.which("psql") or str(self.binaries / "psql")
        return subprocess.run([psql, "-X", "-v", "ON_ERROR_STOP=1", "-h", str(self.socket_dir), "-p",
                               str(self.port), "-U", user or self.superuser, "-d", database, "-c", sql],
                              capture_output=True, text=True)

    def create_database(self, name: str) -> str:
        result = self.psql(f'CREATE DATABASE "{name}"')
        if result.returncode:
            raise RuntimeError(result.stderr)
        return self.url(database=name)

    def destroy(self) -> None:
        self.stop("immediate")
        shutil.rmtree(self.folder, ignore_errors=True)
