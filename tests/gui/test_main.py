"""The command line: --version, --help, refused options, and the engine self-check (all without a window)."""
from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from dealerdrill import __main__ as entry, __version__


@pytest.fixture
def no_window(monkeypatch):
    """Fail the test if the trainer window would open."""
    import dealerdrill.app as app_module

    def refuse(*_args, **_kwargs):
        raise AssertionError("the window was opened")
    monkeypatch.setattr(app_module, "run", refuse)


def test_version_prints_the_version(no_window, capsys):
    assert entry.main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"dealerdrill {__version__}"


def test_help_prints_usage(no_window, capsys):
    assert entry.main(["--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: dealerdrill") and "--self-check" in out and "--version" in out


@pytest.mark.parametrize("argv, words", [
    (["--bogus"], "unknown option '--bogus'"),
    (["-platform", "offscreen"], "unknown option '-platform'"),
    (["play"], "unknown command 'play'"),
    (["--self-check", "now"], "--self-check takes nothing after it, not 'now'"),
])
def test_unknown_options_are_refused_plainly_with_status_2(no_window, capsys, argv, words):
    assert entry.main(argv) == 2
    captured = capsys.readouterr()
    assert words in captured.err and "dealerdrill --help" in captured.err
    assert "Traceback" not in captured.err and captured.out == ""


def test_self_check_checks_every_game_without_qt():
    code = textwrap.dedent("""
        import sys
        from dealerdrill.__main__ import main
        assert main(["--self-check"]) == 0
        assert not any(name.startswith("PySide6") for name in sys.modules), "Qt was imported"
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    for game in ("shuffle", "roulette", "baccarat", "pai gow"):
        assert any(line.startswith(game) for line in lines), game
    assert lines[-1] == "engine self-check passed"


def test_a_wrong_engine_answer_fails_the_self_check(monkeypatch, capsys):
    from dealerdrill.core import roulette
    monkeypatch.setattr(roulette, "settle", lambda bets, number: [360, 0, 10])  # as if 35 to 1 were 36 to 1
    assert entry.main(["--self-check"]) == 1
    captured = capsys.readouterr()
    assert "engine self-check FAILED: roulette" in captured.err and "[350, 0, 10]" in captured.err
    assert "passed" not in captured.out
