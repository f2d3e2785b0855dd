"""A casino's scorecards checked by a third party with one certificate (issue 30): `room setup` makes the casino's
certificate authority (its key kept by the owner, encrypted under a passphrase), `room setup --manager` has it
issue the manager's signing certificate into the PIN file, `room ca` writes the certificate to trust; pdfsig and
pyHanko, given it, call the manager's scorecard signature trusted, and `dealerdrill verify` accepts it."""
from __future__ import annotations

import subprocess
import sys

from pdf_signatures import TRUSTED_AUTHORITY, pdfsig, pyhanko_status, reported, signer_certificate

from dealerdrill.desk import Desk
from dealerdrill.domain import Mode, Target
from dealerdrill.exports import signing_certificate

PIN, MANAGER, PASSPHRASE, CASINO = "24681357", "Mere Smith", "correct horse battery", "Sky City Casino"
DRILL = "baccarat.table_of_play"


def _dealerdrill(*arguments, stdin: str = ""):
    return subprocess.run([sys.executable, "-m", "dealerdrill", *arguments], input=stdin, capture_output=True,
                          text=True, timeout=300)


def _scorecard(room, pin_file, tmp_path, clock):
    """Aroha's scorecard, signed by the manager at desk A (with `pin_file` as the desk's PIN file)."""
    import shutil

    from dealerdrill.drills.catalog import DRILL_CATALOG
    from dealerdrill.records.room_store import RoomRecords

    records = RoomRecords(room.desk_a, clock=clock, workstation="desk-a", catalog=DRILL_CATALOG,
                          outbox_path=tmp_path / "desk" / "room-outbox.sqlite3", manager_url=room.manager)
    with Desk(records, save_settings=False) as desk:
        if pin_file != desk.role.pin_path:
            desk.role.pin_path.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(pin_file, desk.role.pin_path)
        desk.unlock_manager(PIN, MANAGER, room.manager_password)
        desk.set_target(DRILL, Target(test_items=3))
        desk.add_trainee("Aroha")
        desk.lock_manager()
        desk.choose_trainee("Aroha")
        session = desk.start_session(DRILL, Mode.TEST)
        for _ in range(3):
            item = session.next_item()
            session.submit(item.key, 2.0)
        desk.end_session()
        desk.unlock_manager(PIN, MANAGER, room.manager_password)
        [pdf] = desk.export("pdf", tmp_path / "out" / "aroha.pdf")
    return pdf


def test_a_reader_who_trusts_the_casinos_certificate_sees_the_managers_signature_trusted(room, tmp_path, clock):
    authority = tmp_path / "owner" / "casino-ca-private.json"
    pin_file = tmp_path / "manager" / "manager-pin.json"
    made = _dealerdrill("room", "setup", "--url", room.owner, "--casino", CASINO, "--ca-file", str(authority),
                        "--ca-passphrase-stdin", stdin=PASSPHRASE + "\n")
    assert made.returncode == 0, made.stderr
    assert "made the casino's certificate authority" in made.stdout and PASSPHRASE not in authority.read_text()
    joined = _dealerdrill("room", "setup", "--url", room.owner, "--manager", MANAGER, "--pin-file", str(pin_file),
                          "--pin-stdin", "--ca-file", str(authority), "--ca-passphrase-stdin",
                          stdin=f"{PIN}\n{PASSPHRASE}\n")
    assert joined.returncode == 0, joined.stderr
    assert "joined the room" in joined.stdout and "issued by the casino's certificate authority" in joined.stdout
    casino_ca = tmp_path / "third party" / "casino-ca.pem"
    casino_ca.parent.mkdir()
    written = _dealerdrill("room", "ca", "--out", str(casino_ca), "--ca-file", str(authority))
    assert written.returncode == 0 and f"the certificate authority of {CASINO}" in written.stdout, written.stderr

    pdf = _scorecard(room, pin_file, tmp_path, clock)
    certificate = signer_certificate(pdf)
    assert certificate.subject.rfc4514_string().startswith(f"O={CASINO},OU=training room ")
    assert signing_certificate.issuer_in_words(certificate) == f"issued by the certificate authority of {CASINO}"
    report = pdfsig(pdf, ((casino_ca, TRUSTED_AUTHORITY),))
    assert reported(report, "Signature Validation: Signature is Valid.") and reported(report, "Total document signed")
    assert reported(report, "Certificate Validation: Certificate is Trusted.")
    # Not without it: the authority's certificate travels in the signature, but a reader trusts none by itself.
    assert reported(pdfsig(pdf), "Certificate Validation: Certificate issuer isn't Trusted.")
    status = pyhanko_status(pdf, [casino_ca])
    assert status.trusted and status.bottom_line
    from pypdf import PdfReader

    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(str(pdf)).pages)
    assert f"certificate issued by the certificate authority of {CASINO}" in text
    done = subprocess.run([sys.executable, "-m", "dealerdrill", "verify", "--records", room.desk_b, str(pdf)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert f"issued by the certificate authority of {CASINO}" in done.stdout and f"{MANAGER}'s" in done.stdout


def test_a_manager_already_in_the_room_gets_a_certificate_and_a_wrong_passphrase_issues_none(room, tmp_path):
    """A room set up before its authority: its manager's key is already there. Once the owner has the authority,
    `room setup --manager` again issues the certificate (it used to refuse a key already in the room); a wrong
    passphrase issues nothing and leaves the PIN file as it was. Without a passphrase (a script), setup goes on
    and says no authority was made."""
    from dealerdrill.desk import manager_key

    authority = tmp_path / "owner" / "casino-ca-private.json"
    pin_file = tmp_path / "manager" / "manager-pin.json"
    arguments = ("room", "setup", "--url", room.owner, "--ca-file", str(authority))
    script = _dealerdrill(*arguments)
    assert script.returncode == 0 and "no certificate authority made" in script.stderr and not authority.exists()
    joined = _dealerdrill(*arguments, "--manager", MANAGER, "--pin-file", str(pin_file), "--pin-stdin",
                          stdin=f"{PIN}\n")
    assert joined.returncode == 0 and "joined the room" in joined.stdout, joined.stderr
    assert "certificates" not in pin_file.read_text()
    assert _dealerdrill(*arguments, "--casino", CASINO, "--ca-passphrase-stdin",
                        stdin=PASSPHRASE + "\n").returncode == 0
    before = pin_file.read_bytes()
    wrong = _dealerdrill(*arguments, "--manager", MANAGER, "--pin-file", str(pin_file), "--pin-stdin",
                         "--ca-passphrase-stdin", stdin=f"{PIN}\nnot the passphrase\n")
    assert wrong.returncode == 1 and "That passphrase is not the one" in wrong.stderr
    assert pin_file.read_bytes() == before
    # A new manager with a wrong passphrase: the certificate comes first, so the key does not join the room either.
    keys = "SELECT count(*) FROM dealerdrill.manager_keys"
    count = room.psql(keys).stdout
    other = _dealerdrill(*arguments, "--manager", "Hemi Walker", "--pin-file", str(tmp_path / "hemi" / "pin.json"),
                         "--pin-stdin", "--ca-passphrase-stdin", stdin=f"{PIN}\nnot the passphrase\n")
    assert other.returncode == 1 and "That passphrase is not the one" in other.stderr
    assert room.psql(keys).stdout == count
    issued = _dealerdrill(*arguments, "--manager", MANAGER, "--pin-file", str(pin_file), "--pin-stdin",
                          "--ca-passphrase-stdin", stdin=f"{PIN}\n{PASSPHRASE}\n")
    assert issued.returncode == 0, issued.stderr
    assert "already one of the room's" in issued.stdout and "issued by the casino's certificate authority" \
        in issued.stdout
    key = manager_key.read_key_file(pin_file).unlock(PIN)
    assert len(key.issued) == 2 and signing_certificate.issued_by(key.issued[0], key.issued[1])
    assert key.issued[0].public_key() == key.pdf_key.public_key()
    missing = _dealerdrill("room", "ca", "--out", str(tmp_path / "ca.pem"), "--ca-file", str(tmp_path / "none"))
    assert missing.returncode == 1 and "There is no certificate authority at" in missing.stderr
