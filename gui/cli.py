"""Command line for the records, with no window and no Qt:

    dealerdrill export --format pdf|csv|xlsx|json (--trainee NAME ... | --all) [--from DATE] [--to DATE]
                       [--game GAME] [--drill DRILL] [--mode MODE] [--include-archived] [--with-ids] --out PATH
                       [--manager NAME] [--pin-stdin]
    dealerdrill import PATH [PATH ...] [--manager NAME] [--pin-stdin]
    dealerdrill room setup --url URL [--casino NAME] [--ca-file PATH] [--ca-passphrase-stdin]
                                                         (once, by whoever owns the room's database)
    dealerdrill room setup --url URL --manager NAME --pin-file PATH [--pin-stdin] [--ca-passphrase-stdin]
                                                         (a manager's key joins, and gets its certificate)
    dealerdrill room ca --out casino-ca.pem [--ca-file PATH]   (the casino's certificate, for third parties)
    dealerdrill room add-desk NAME --url URL [--password-stdin]
    dealerdrill room add-manager NAME --url URL [--password-stdin]
    dealerdrill rule GAME:NUMBER | GAME                     (a rule of the rule book, or a game's rules)
    dealerdrill lessons [GAME]                              (every lesson: its id, game and title)

Every command that reads or writes records takes --records PATH or --records postgresql://... (the
training room's server); without it, the room this desk is set to (DEALERDRILL_RECORDS_URL or the Manager
page's setting), else this workstation's own file.

Both go through the desk (dealerdrill.desk), the same calls the window makes, so the same rules hold:
exports and imports need the manager role. The manager's name comes from --manager (or is asked for at a
terminal); the PIN is asked for at a terminal without echo, or read from the first line of standard input
with --pin-stdin (for scripts: `printf '%s\n' "$PIN" | dealerdrill import file.json --manager "Mere Smith"
--pin-stdin`). At a training room's desk with a manager's login set (DEALERDRILL_MANAGER_RECORDS_URL or the
Manager page's setting), the manager's room password is needed too: asked for after the PIN without echo, or
read from the second line of standard input with --pin-stdin (`printf '%s\n%s\n' "$PIN" "$ROOM_PASSWORD"`).
It opens the manager's login for this command only and is kept nowhere. The records are the workstation's
(data_dir(), or $DEALERDRILL_HOME/data). `import` merges JSON records files written by `export --format json` on
another workstation; answers already present are skipped. Exit status: 0 done, 1 the work failed or was refused
(message on stderr), 2 the command line was wrong.
"""
from __future__ import annotations

import argparse
import sys
from datetime import date
from pathlib import Path


def _date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date; write it as YYYY-MM-DD") from None


def parser() -> argparse.ArgumentParser:
    main = argparse.ArgumentParser(prog="dealerdrill", description="Dealer Drill records from the command line.")
    commands = main.add_subparsers(dest="command", required=True)

    export = commands.add_parser("export", help="write scorecards or tables of the records",
                                 description="Write scorecard PDFs, CSV/XLSX tables (one row per answer and "
                                             "per session) or a JSON records file for another workstation.")
    export.add_argument("--format", required=True, choices=("pdf", "csv", "xlsx", "json"), type=str.lower)
    who = export.add_mutually_exclusive_group(required=True)
    who.add_argument("--trainee", action="append", metavar="NAME", help="a trainee (repeat for several)")
    who.add_argument("--all", action="store_true", help="every trainee (a cohort file for pdf)")
    export.add_argument("--from", dest="date_from", type=_date, metavar="DATE", help="first day, YYYY-MM-DD")
    export.add_argument("--to", dest="date_to", type=_date, metavar="DATE", help="last day, YYYY-MM-DD")
    export.add_argument("--game", choices=("roulette", "baccarat", "paigow"))
    export.add_argument("--drill", metavar="DRILL_ID")
    export.add_argument("--mode", choices=("practice", "timed", "test"))
    export.add_argument("--include-archived", action="store_true", help="with --all: archived trainees too")
    export.add_argument("--with-ids", action="store_true",
                        help="pdf: print the trainees' profile ids and this workstation's name on the scorecards "
                             "(left off unless asked for)")
    export.add_argument("--out", required=True, metavar="PATH")
    _records_option(export)
    _manager_options(export)

    merge = commands.add_parser("import", help="merge records exported on another workstation",
                                description="Merge JSON records files (dealerdrill export --format json); "
                                            "answers already here are skipped, never duplicated.")
    merge.add_argument("paths", nargs="+", metavar="PATH")
    _records_option(merge)
    _manager_options(merge)

    verify = commands.add_parser("verify", help="check the records, or scorecard PDFs, for tampering",
                                 description="Check a records file whole (its hash chains, the managers' "
                                             "signatures, the triggers that keep results permanent, the summary "
                                             "tables), or check that scorecard PDFs carry an intact PDF signature "
                                             "over the whole file, print the figures signed, and were signed with "
                                             "a manager key these records accept. Exit status 0: "
                                             "sound (every scorecard accepted); 1: each problem is named.")
    verify.add_argument("--records", metavar="PATH_OR_URL",
                        help="a records file, or a training room server's postgresql:// URL (default: this desk's)")
    verify.add_argument("scorecards", nargs="*", metavar="FILE.pdf", help="scorecard PDFs to check instead")

    key = commands.add_parser("key", help="write the manager's public key to a file, for another workstation",
                              description="Write this workstation's manager key (its public half) to a file, "
                                          "for another workstation's manager to trust with `dealerdrill trust`.")
    key.add_argument("--out", required=True, metavar="PATH")
    _records_option(key)
    _manager_options(key)

    trust = commands.add_parser("trust", help="trust another workstation's manager key for imports",
                                description="Accept sign-offs signed with another workstation's manager key in "
                                            "imports (the file written there by `dealerdrill key`).")
    trust.add_argument("path", metavar="KEYFILE")
    _records_option(trust)
    _manager_options(trust)

    room = commands.add_parser("room", help="set up a training room's PostgreSQL server",
                               description="Set up the training room's database (run once, and again after "
                                           "updating Dealer Drill, by whoever owns the database), and add a "
                                           "login for each desk and each manager.")
    room_commands = room.add_subparsers(dest="room_command", required=True)
    setup = room_commands.add_parser("setup", help="create or upgrade the schema, the roles and the grants")
    setup.add_argument("--url", required=True, metavar="URL", help="postgresql://OWNER@HOST/DATABASE")
    setup.add_argument("--manager", metavar="NAME",
                       help="with --pin-file: add this manager's key to the room (the manager types the PIN)")
    setup.add_argument("--pin-file", metavar="PATH",
                       help="the manager's PIN file (manager-pin.json); a new PIN is asked for and the file written "
                            "when there is none; copy it to each desk where this manager unlocks the role")
    setup.add_argument("--pin-stdin", action="store_true",
                       help="read the manager's PIN from the first line of standard input (for scripts)")
    setup.add_argument("--casino", metavar="NAME",
                       help="the casino's name in its certificate authority, which the first setup makes (default: "
                            "the room's name)")
    _authority_file_option(setup)
    setup.add_argument("--ca-passphrase-stdin", action="store_true",
                       help="read the certificate authority's passphrase from standard input: its first line, or "
                            "its second with --pin-stdin (for scripts; otherwise it is asked for at a terminal)")
    authority = room_commands.add_parser(
        "ca", help="write the casino's certificate authority certificate, for whoever checks scorecards",
        description="Write the certificate of the casino's certificate authority (made by `room setup`): a third "
                    "party who trusts it sees every manager's scorecard signature as trusted in a PDF reader.")
    authority.add_argument("--out", required=True, metavar="PATH", help="the certificate file to write (PEM)")
    _authority_file_option(authority)
    for kind in ("desk", "manager"):
        login = room_commands.add_parser(f"add-{kind}", help=f"a login role for one {kind}")
        login.add_argument("name", metavar="NAME", help="the login (lower-case letters, digits, _ - .)")
        login.add_argument("--url", required=True, metavar="URL", help="postgresql://OWNER@HOST/DATABASE")
        login.add_argument("--password-stdin", action="store_true",
                           help="give the login a password, read from the first line of standard input "
                                "(without it: the server's other authentication, e.g. certificates)")

    commands.add_parser("drills", help="list every drill: its id, game and title",
                        description="List every drill's id (for export --drill), game and title.")
    rule = commands.add_parser("rule", help="print a rule of the rule book, or list a game's rules",
                               description="Print a rule's text as the rule book shows it (GAME:NUMBER, e.g. "
                                           "baccarat:9.5, \"baccarat:Table 2\", paigow:(e)), or list a game's rules "
                                           "(GAME alone). Exit status 1 for a rule the book does not hold.")
    rule.add_argument("rule_id", metavar="ID", help="GAME:NUMBER, or GAME (roulette, baccarat, paigow)")
    lessons = commands.add_parser("lessons", help="list every lesson of the Learn page: its id, game and title",
                                  description="List the lessons of the Learn page, course by course in the order "
                                              "they are taught: each lesson's id, game and title. Exit status 1 for "
                                              "a game that has no course.")
    lessons.add_argument("game", nargs="?", metavar="GAME", help="only this game's course (roulette, baccarat, "
                                                                 "paigow)")
    return main


def _authority_file_option(command: argparse.ArgumentParser) -> None:
    command.add_argument("--ca-file", metavar="PATH",
                         help="the casino's certificate authority, with its private key encrypted (default: "
                              "casino-ca-private.json in this account's Dealer Drill data folder); keep it, and its "
                              "passphrase, with the room's owner")


def _records_option(command: argparse.ArgumentParser) -> None:
    command.add_argument("--records", metavar="PATH_OR_URL",
                         help="a records file, or the training room server's postgresql:// URL (default: this "
                              "desk's)")


def _manager_options(command: argparse.ArgumentParser) -> None:
    command.add_argument("--manager", metavar="NAME", help="the training manager's name (asked for if not given)")
    command.add_argument("--pin-stdin", action="store_true",
                         help="read the manager PIN from the first line of standard input (for scripts); at a "
                              "training room's desk, the manager's room password from the second line")


class Refused(Exception):
    """The command cannot go on (no PIN given, none set); the message says why and what to do."""


def unlock_from_command_line(desk, arguments, *, read_line=None, ask_secret=None, ask=None,
                             interactive: bool | None = None) -> None:
    """Unlock the desk's manager role with the name and PIN the command line gives (or asks for)."""
    import getpass

    read_line = read_line or sys.stdin.readline
    ask_secret = ask_secret or getpass.getpass
    ask = ask or input
    interactive = sys.stdin.isatty() if interactive is None else interactive
    if not desk.pin_is_set():
        raise Refused("no manager PIN is set on this workstation; set one in Dealer Drill's window "
                      "(Trainee ▸ Unlock manager role) first")
    name = arguments.manager
    room_password = None
    # A room's desk opens the manager's own login with the password typed now (never one kept in this account).
    needs_room_password = desk.unlock_needs_room_password()
    if arguments.pin_stdin:
        pin = read_line().rstrip("\r\n")
        if needs_room_password:
            room_password = read_line().rstrip("\r\n")
            if not room_password:
                raise Refused("this desk records to a training room: give the manager's room password on the second "
                              "line of standard input, after the PIN")
    elif interactive:
        name = name or ask("Manager's name: ")
        pin = ask_secret("Manager PIN: ")
        if needs_room_password:
            room_password = ask_secret("Manager's room password: ")
    else:
        raise Refused("this needs the manager role: give the PIN on standard input with --pin-stdin (and the "
                      "name with --manager), or run the command at a terminal")
    if not name:
        raise Refused("give the manager's name with --manager NAME")
    desk.unlock_manager(pin, name, room_password)
    if desk.pin_notice:          # a PIN shorter than a new one may be: said here as the window says it
        print(f"dealerdrill: {desk.pin_notice}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    arguments = parser().parse_args(sys.argv[1:] if argv is None else argv)
    if arguments.command == "drills":
        return _drills()
    if arguments.command == "rule":
        return _rule(arguments.rule_id)
    if arguments.command == "lessons":
        return _lessons(arguments.game)
    if arguments.command == "verify":
        return _verify(arguments)
    if arguments.command == "room":
        return _room(arguments)
    from dealerdrill.desk import Desk, ManagerRoleRequired
    from dealerdrill.records import RecordFilter, RecordsError, UnknownTraineeError
    from dealerdrill.records.schema import RecordsDamagedError

    try:
        desk = Desk.open(arguments.records)
    except RecordsDamagedError as error:
        # The command line never moves the file aside itself: that is the window's start-up, which tells
        # the person at the desk where the copy went.
        print(f"dealerdrill: {error} Start Dealer Drill's window once: it keeps a copy of the damaged file "
              f"and starts a new one.", file=sys.stderr)
        return 1
    except RecordsError as error:
        print(f"dealerdrill: {error}", file=sys.stderr)
        return 1
    try:
        unlock_from_command_line(desk, arguments)
        if arguments.command == "export":
            return _export(desk, arguments, RecordFilter)
        if arguments.command == "key":
            fingerprint = desk.export_public_key(arguments.out)
            print(f"wrote {arguments.out}: the public key {fingerprint} of {desk.role.manager_name}")
            return 0
        if arguments.command == "trust":
            public, manager, fingerprint = desk.read_public_key_file(arguments.path)
            desk.trust_manager_key(public, manager)
            print(f"trusted {manager}'s key {fingerprint}: imports accept sign-offs signed with it")
            return 0
        return _import(desk, arguments)
    except (Refused, ManagerRoleRequired, PermissionError, RecordsError, UnknownTraineeError, ValueError,
            OSError) as error:
        message = error.args[0] if isinstance(error, LookupError) and error.args else error
        print(f"dealerdrill: {message}", file=sys.stderr)
        return 1
    finally:
        desk.close()


def _drill_ids() -> dict:
    from dealerdrill.drills import registry

    return registry()


def _drills() -> int:
    drills = _drill_ids()
    width = max(len(drill_id) for drill_id in drills)
    for drill_id, drill in sorted(drills.items(), key=lambda pair: (pair[1].game, pair[0])):
        print(f"{drill_id:<{width}}  {drill.game:<9} {drill.title}")
    return 0


def _rule(rule_id: str) -> int:
    """Print one rule of the rule book, or a game's list of rules; 1 with a message for what the book lacks."""
    from dealerdrill.reference import rulebook

    try:
        game = rulebook.GAMES[rulebook.GAMES.index(rule_id.strip().lower())] if rule_id.strip().lower() in \
            rulebook.GAMES else None
        if game is not None:
            for one in rulebook.rules(game):
                print(f"{one.reference:<24} {one.title}")
            return 0
        print(rulebook.find(rule_id).plain())
        return 0
    except (rulebook.UnknownRule, rulebook.RuleBookError) as error:
        print(f"dealerdrill: {error}", file=sys.stderr)
        return 1


def _lessons(game: str | None) -> int:
    """Every lesson (or a game's), in the order the courses teach them; 1 with a message for a game with no course."""
    from dealerdrill.lessons import course, courses

    if game is None:
        chosen = courses()
    else:
        try:
            chosen = (course(game.strip().lower()),)
        except ValueError:
            games = ", ".join(found.game for found in courses())
            print(f"dealerdrill: there is no course for the game {game!r}; the games are: {games}", file=sys.stderr)
            return 1
    found = [lesson for one in chosen for lesson in one.lessons]
    width = max(len(lesson.id) for lesson in found)
    for lesson in found:
        print(f"{lesson.id:<{width}}  {lesson.game:<9} {lesson.title}")
    return 0


def _keys_accepted_by(desk) -> dict:
    """The manager keys whose seal the desk's records accept: a key of this workstation's that its PIN file does not
    explain is not a manager's (Desk.keys_the_pin_file_does_not_explain)."""
    unexplained = set(desk.keys_the_pin_file_does_not_explain())
    return {fp: key for fp, key in desk.records.manager_keys().items() if fp not in unexplained}


def _verify(arguments) -> int:
    """Check the records (or the scorecards named), print what was found; 0 when sound, 1 when not."""
    from dealerdrill.records import RecordsError

    open_records = _records_opener(arguments.records)
    if arguments.scorecards:
        from dealerdrill.exports.scorecard_signature import check_scorecard

        known = None
        try:
            with open_records(read_only=True, check=False) as records:
                from dealerdrill.desk import Desk

                known = _keys_accepted_by(Desk(records, save_settings=False))
        except RecordsError:
            pass                     # no records here: the signature is still checked, the key just not named
        results = [check_scorecard(path, known) for path in arguments.scorecards]
        for result in results:
            print(result.message, file=sys.stdout if result.accepted else sys.stderr)
        # 0 only for scorecards signed, unaltered, with a key these records accept as a manager's: an intact signature
        # of a key nobody here accepted proves nothing about who signed it.
        return 0 if all(r.accepted for r in results) else 1
    try:
        records = open_records(read_only=True)
    except RecordsError as error:
        print(f"dealerdrill: {error}", file=sys.stderr)
        return 1
    from dealerdrill.desk import Desk

    with Desk(records, save_settings=False) as desk:
        problems = desk.verify()
        answers = records.read("SELECT COUNT(*) FROM answers")[0][0]
        entries = records.read("SELECT COUNT(*) FROM ledger")[0][0]
        keys = records.manager_keys()
    if problems:
        for problem in problems:
            print(f"dealerdrill verify: {problem}", file=sys.stderr)
        print(f"dealerdrill verify: {records.describe_location()} FAILS its check: {len(problems)} problem(s) "
              f"(the first {len(problems)} shown).", file=sys.stderr)
        return 1
    signers = ", ".join(f"{manager} {fp} ({origin})" for fp, (_, manager, origin) in keys.items()) or "none yet"
    print(f"{records.describe_location()} is sound: {answers} answers and {entries} other records linked in their "
          f"chains; manager keys: {signers}.")
    return 0


def _records_opener(location: str | None):
    """open(**options) for the records `verify` checks: `location`, else the room this desk is set to, else
    this workstation's file."""
    from dealerdrill.desk.room_choice import chosen_room
    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records.opening import open_records

    if location is None:
        room = chosen_room()
        location = room.url if room is not None else None

    def opener(**options):
        return open_records(location, catalog=DRILL_CATALOG, **options)

    return opener


class _StandardInput:
    """The secrets a room command reads from standard input, each line once and in a fixed order: the manager's
    PIN (--pin-stdin) first, then the certificate authority's passphrase (--ca-passphrase-stdin)."""

    def __init__(self, arguments, read_line=None):
        read_line = read_line or sys.stdin.readline
        self.pin = read_line().rstrip("\r\n") if getattr(arguments, "pin_stdin", False) else None
        self.passphrase = (read_line().rstrip("\r\n") if getattr(arguments, "ca_passphrase_stdin", False)
                           else None)


def _room(arguments) -> int:
    """`dealerdrill room ...`: set up the room's database (and the casino's certificate authority), add a login to
    it, or write the authority's certificate."""
    from dealerdrill.desk import room_ca
    from dealerdrill.desk.settings_policy import default_answer_keys
    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records import room_setup
    from dealerdrill.records.room_connection import RoomUrlError, check_url, public_url

    if arguments.room_command == "ca":
        return _write_authority_certificate(arguments)
    try:
        check_url(arguments.url)
        if arguments.room_command == "setup":
            secrets = _StandardInput(arguments)
            before, now = room_setup.setup(arguments.url, DRILL_CATALOG, default_answer_keys())
            done = "set up" if before == 0 else (f"upgraded from version {before}" if before < now else "checked")
            print(f"training room {public_url(arguments.url)} {done}: records version {now}, the roles "
                  f"{room_setup.DESK_GROUP} and {room_setup.MANAGER_GROUP}, the server functions and the grants")
            authority = _room_authority(arguments, secrets)
            if arguments.manager is not None or arguments.pin_file is not None:
                return _room_manager_key(arguments, secrets, authority)
            return 0
        password = sys.stdin.readline().rstrip("\r\n") if arguments.password_stdin else None
        if arguments.password_stdin and not password:
            raise ValueError("--password-stdin read an empty line; give the password on standard input")
        kind = arguments.room_command.removeprefix("add-")
        name = room_setup.add_login(arguments.url, arguments.name, kind, password)
        print(f"added the {kind} login {name!r} to {public_url(arguments.url)}"
              + ("" if password else " (no password: the server's pg_hba.conf decides how it authenticates)"))
        return 0
    except (RoomUrlError, room_setup.RoomSetupError, room_ca.AuthorityError, ValueError) as error:
        print(f"dealerdrill room: {error}", file=sys.stderr)
        return 1


def _room_authority(arguments, secrets: _StandardInput, *, ask_secret=None, interactive: bool | None = None):
    """The casino's certificate authority (room_ca.py) for `room setup`: (its file, the passphrase when it was
    given), made here the first time, when a passphrase can be had (at a terminal, or from standard input); None
    when there is none yet, said on stderr (scorecards are then signed with self-issued certificates)."""
    import getpass

    from dealerdrill.desk import room_ca

    ask_secret = ask_secret or getpass.getpass
    interactive = sys.stdin.isatty() if interactive is None else interactive
    path = Path(arguments.ca_file).expanduser() if arguments.ca_file else room_ca.default_path()
    if path.exists():
        certificate = room_ca.authority_certificate(path)
        from dealerdrill.exports.signing_certificate import fingerprint

        print(f"the casino's certificate authority: {path} (certificate SHA-256 {fingerprint(certificate)})")
        return path, secrets.passphrase
    passphrase = secrets.passphrase
    if passphrase is None and interactive:
        passphrase = ask_secret("A passphrase for the casino's new certificate authority: ")
        if ask_secret("The passphrase again: ") != passphrase:
            raise room_ca.AuthorityError("the two passphrases are not the same; no certificate authority was made "
                                         "(the room's database is set up)")
    if passphrase is None:
        print("dealerdrill room: no certificate authority made (it needs a passphrase: run this at a terminal, or "
              "with --ca-passphrase-stdin); until there is one, scorecards are signed with self-issued "
              "certificates", file=sys.stderr)
        return None
    casino = arguments.casino or room_ca.room_name(arguments.url)
    certificate = room_ca.make_authority(path, casino, passphrase)
    from dealerdrill.exports.signing_certificate import fingerprint

    print(f"made the casino's certificate authority ({casino}): {path}, its private key encrypted under the "
          f"passphrase; keep both safe. Certificate SHA-256 {fingerprint(certificate)}: `dealerdrill room ca --out "
          f"casino-ca.pem` writes it for whoever checks scorecards")
    return path, passphrase


def _write_authority_certificate(arguments) -> int:
    """`dealerdrill room ca --out PATH`: the authority's certificate (PEM), for third parties to trust."""
    from dealerdrill.desk import room_ca
    from dealerdrill.exports.signing_certificate import authority_of, fingerprint, pem
    from dealerdrill.records.transfer import write_atomically

    path = Path(arguments.ca_file).expanduser() if arguments.ca_file else room_ca.default_path()
    try:
        certificate = room_ca.authority_certificate(path)
        out = write_atomically(arguments.out, lambda handle: handle.write(pem(certificate)))
    except (room_ca.AuthorityError, OSError) as error:
        print(f"dealerdrill room: {error}", file=sys.stderr)
        return 1
    print(f"wrote {out}: the certificate of {authority_of(certificate)}, SHA-256 {fingerprint(certificate)}")
    return 0


def _room_manager_key(arguments, secrets: _StandardInput | None = None, authority=None, *, ask_secret=None,
                      interactive: bool | None = None) -> int:
    """`room setup --manager NAME --pin-file PATH`: the owner adds a manager's key to the room, signed by the key
    itself, which the manager unlocks by typing the PIN (a new key and PIN file when PATH holds none). A manager's
    login cannot add a key of its own to a room (the server takes only one signed by a key the room accepts), so
    this is how a room's first manager, or one nobody there has trusted, comes in. With the casino's certificate
    authority (`authority`: its file and passphrase, the passphrase asked for when not given), the manager's PDF
    signing key gets its certificate, kept in the PIN file: also for a key already in the room."""
    import getpass

    from dealerdrill.desk import manager_key, room_ca
    from dealerdrill.desk.pin import PIN_FILE_NAME
    from dealerdrill.desk.roles import clean_manager_name
    from dealerdrill.records import room_setup

    secrets = secrets or _StandardInput(arguments)
    ask_secret = ask_secret or getpass.getpass
    interactive = sys.stdin.isatty() if interactive is None else interactive
    try:
        if arguments.manager is None or arguments.pin_file is None:
            raise Refused("a manager's key joins the room with both --manager NAME and --pin-file PATH")
        name = clean_manager_name(arguments.manager)
        path = Path(arguments.pin_file)
        key_file = manager_key.read_key_file(path)
        if secrets.pin is not None:
            pin = repeated = secrets.pin
        elif interactive:
            pin = ask_secret(f"{name}'s PIN: " if key_file is not None else f"A new PIN for {name}: ")
            repeated = pin if key_file is not None else ask_secret("The new PIN again: ")
        else:
            raise Refused("the manager types the PIN: run this at a terminal, or give it on standard input with "
                          "--pin-stdin")
        if key_file is None:
            if pin != repeated:
                raise Refused("the two PINs are not the same; nothing was written")
            key = manager_key.new_key(pin)
            manager_key.write_key_file(path, key, pin)
        else:
            unlocked = key_file.unlock(pin)
            if unlocked is None:
                raise Refused(f"that PIN is not the one of {path}; nothing was added")
            key = unlocked
        issued = None
        if authority is not None:      # issued first: a wrong passphrase changes nothing in the room
            authority_path, passphrase = authority
            if passphrase is None and interactive:
                passphrase = ask_secret("The casino's certificate authority's passphrase: ")
            if passphrase is None:
                raise Refused("the manager's certificate needs the certificate authority's passphrase: run this at a "
                              "terminal, or give it with --ca-passphrase-stdin")
            issued = room_ca.issue(authority_path, passphrase, key, name, room_ca.room_name(arguments.url))
        already = issued is not None and room_setup.has_manager_key(arguments.url, key.fingerprint)
        if not already:
            room_setup.add_manager_key(arguments.url, key.public.raw, name, key)
        if issued is not None:
            manager_key.add_certificates(path, key, issued)
    except (Refused, ValueError, OSError, manager_key.KeyFileError, room_setup.RoomSetupError,
            room_ca.AuthorityError) as error:
        print(f"dealerdrill room: {error}", file=sys.stderr)
        return 1
    if already:
        print(f"{name}'s manager key {key.fingerprint} is already one of the room's.")
    else:
        print(f"{name}'s manager key {key.fingerprint} joined the room.")
    if issued is not None:
        from dealerdrill.exports.signing_certificate import fingerprint

        print(f"{name}'s scorecard signing certificate (SHA-256 {fingerprint(issued[0])}) was issued by the casino's "
              f"certificate authority and kept in {path}.")
    print(f"Copy {path} to the data folder of each desk where {name} unlocks the manager role, as {PIN_FILE_NAME}.")
    return 0


def _export(desk, arguments, RecordFilter) -> int:
    if arguments.date_from and arguments.date_to and arguments.date_from > arguments.date_to:
        raise ValueError("--from is after --to")
    if arguments.drill is not None and arguments.drill not in _drill_ids():
        raise ValueError(f"there is no drill {arguments.drill!r}; the drills are: " + ", ".join(sorted(_drill_ids())))
    out_folder = Path(arguments.out).expanduser().absolute().parent
    if not out_folder.is_dir():
        raise ValueError(f"the folder {out_folder} does not exist; create it first or choose another --out")
    selection = RecordFilter(arguments.date_from, arguments.date_to, arguments.game, arguments.drill,
                             arguments.mode, tuple(arguments.trainee) if arguments.trainee else None,
                             arguments.include_archived)
    from dealerdrill.exports.scorecard import with_identifiers

    with with_identifiers(arguments.with_ids):
        written = desk.export(arguments.format, arguments.out, selection)
    for path in written:
        print(f"wrote {path}")
        if arguments.format.lower() == "json":
            seal = desk.records_file_seal(path)
            print(f"dealerdrill: the records file is {seal}", file=sys.stdout if seal.signed else sys.stderr)
        elif arguments.format.lower() == "pdf":
            from dealerdrill.exports.scorecard_signature import check_scorecard

            check = check_scorecard(path, _keys_accepted_by(desk))
            print(f"dealerdrill: {check.message}", file=sys.stdout if check.accepted else sys.stderr)
    return 0


def _import(desk, arguments) -> int:
    for path in arguments.paths:
        result = desk.import_records(path)
        print(f"{path}: {result.answers_added} answers and {result.sessions_added} sessions added "
              f"({result.answers_already_present} answers already here), {result.trainees_added} new trainees, "
              f"{result.signoffs_added} sign-offs")
        print(f"{path}: {result.grading}")
        for line in result.refused:
            print(f"{path}: not imported: {line}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
