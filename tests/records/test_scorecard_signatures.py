"""Scorecards any PDF reader can check (issue 30): a standard PDF signature (PAdES B-B, ECDSA P-256), which poppler's
pdfsig and pyHanko's validator call valid, and which both, and `dealerdrill verify`, call broken after one changed
byte, an overlay added after signing, or pages swapped. The certificate names the manager and the workstation and
carries the manager key the records know; a certificate naming the manager without that key is nobody's. PIN files
of before keep working, and scorecards sealed the earlier way are named as such."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pdf_signatures import (
    TRUSTED_SIGNER,
    pdfsig,
    pyhanko_status,
    reported,
    signer_certificate,
    with_an_overlay_in_an_update,
    with_one_byte_changed_in_a_page,
    with_pages_swapped_in_an_update,
    with_pages_swapped_in_place,
)

from dealerdrill.desk import Desk, manager_key
from dealerdrill.domain import Mode, Target
from dealerdrill.exports import signing_certificate
from dealerdrill.exports.scorecard_signature import FIGURES_FILE, check_scorecard

PIN, MANAGER = "246824", "Mere Smith"
DATA = Path(__file__).resolve().parent.parent / "data"
# Made by the main branch of before issue 30 (commit 43197ef), with a PIN file of Mere Smith's (PIN 246824).
EARLIER_SCORECARD = DATA / "scorecard-sealed-before-pdf-signatures.pdf"
EARLIER_PIN_FILE = DATA / "manager-pin-before-pdf-signatures.json"
EARLIER_FINGERPRINT = "06da-bd7c-b78b-3945-2f95-9291-2d61-aed4"


def _records_with_a_signed_off_test(path: Path, pin_file: Path | None = None) -> Path:
    """A records file where Aroha passed a test the manager signed off; with `pin_file`, that PIN file is the
    desk's (copied in first), else a PIN is set."""
    path.parent.mkdir(parents=True)
    if pin_file is not None:
        shutil.copy(pin_file, path.parent / "manager-pin.json")
    with Desk.open(path) as desk:
        if pin_file is None:
            desk.set_first_pin(MANAGER, PIN, PIN)
        else:
            desk.unlock_manager(PIN, MANAGER)
        desk.set_target("baccarat.table_of_play", Target(seconds=8, accuracy=0.9, test_items=3, pass_mark=0.6))
        desk.add_trainee("Aroha")
        desk.choose_trainee("Aroha")
        desk.lock_manager()
        session = desk.start_session("baccarat.table_of_play", Mode.TEST, seed=4)
        for _ in range(3):
            item = session.next_item()
            session.submit(item.key, 2.0)
        attempt = desk.end_session()
        desk.unlock_manager(PIN, MANAGER)
        desk.sign_off(attempt.uuid, "watched on table 4")
    return path


@pytest.fixture
def signed(tmp_path):
    """(records, the scorecard the manager exported from them: two pages, signed)."""
    records = _records_with_a_signed_off_test(tmp_path / "data" / "records.sqlite3")
    with Desk.open(records) as desk:
        desk.unlock_manager(PIN, MANAGER)
        [pdf] = desk.export("pdf", tmp_path / "out" / "aroha.pdf")
    return records, pdf


def verify_cli(records: Path, *scorecards):
    return subprocess.run([sys.executable, "-m", "dealerdrill", "verify", "--records", str(records),
                           *map(str, scorecards)], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "DEALERDRILL_HOME": str(records.parent.parent / "home")})


def _pages_text(path: Path) -> str:
    from pypdf import PdfReader

    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(str(path)).pages)


def test_pdfsig_and_pyhanko_call_a_fresh_scorecard_valid_and_verify_accepts_it(signed, tmp_path):
    records, pdf = signed
    report = pdfsig(pdf)
    assert reported(report, "Signature Validation: Signature is Valid.") and reported(report, "Total document signed")
    assert reported(report, "Signature Type: ETSI.CAdES.detached")
    assert reported(report, "Signing Hash Algorithm: SHA-256")
    assert reported(report, f"Signer Certificate Common Name: {MANAGER}")
    assert reported(report, "Certificate Validation: Certificate issuer is unknown.")    # self-issued, not trusted yet
    certificate = signer_certificate(pdf)
    assert signing_certificate.self_issued(certificate)
    assert "OU=workstation " in certificate.subject.rfc4514_string()       # names the manager and the workstation
    # The page says how to check it: its fingerprint, as a PDF reader shows it; a reader who trusts that certificate
    # (checked against the casino's word) sees the signer trusted.
    fingerprint = signing_certificate.fingerprint(certificate)
    text = _pages_text(pdf)
    assert f"Signed with a PDF signature by {MANAGER}" in text and fingerprint in text
    assert "compare its fingerprint with the one the casino gives" in text
    own = tmp_path / "mere.pem"
    own.write_text(signing_certificate.pem(certificate))
    assert reported(pdfsig(pdf, ((own, TRUSTED_SIGNER),)), "Certificate Validation: Certificate is Trusted.")
    status = pyhanko_status(pdf, [own])
    assert status.intact and status.valid and status.trusted and status.bottom_line
    assert status.coverage.name == "ENTIRE_FILE"
    done = verify_cli(records, pdf)
    assert done.returncode == 0, done.stderr
    assert "genuine and unaltered" in done.stdout and f"knows the key: {MANAGER}'s (this workstation)" in done.stdout
    assert fingerprint in done.stdout


@pytest.mark.parametrize("change", ["one byte in a page", "pages swapped in place"])
def test_a_change_inside_the_signed_bytes_fails_pdfsig_pyhanko_and_verify(signed, tmp_path, change):
    records, pdf = signed
    data = pdf.read_bytes()
    changed = tmp_path / "changed.pdf"
    changed.write_bytes(with_one_byte_changed_in_a_page(data) if change == "one byte in a page"
                        else with_pages_swapped_in_place(data))
    report = pdfsig(changed)
    assert reported(report, "Signature Validation: Digest Mismatch.") and "Signature is Valid" not in report
    status = pyhanko_status(changed, [])
    assert not status.intact and not status.bottom_line
    done = verify_cli(records, changed)
    assert done.returncode == 1 and "genuine" not in done.stdout + done.stderr
    assert "does not match the file: the scorecard was altered" in done.stderr


@pytest.mark.parametrize("change", ["an overlay", "pages swapped"])
def test_an_update_after_signing_fails_pdfsig_and_verify(signed, tmp_path, change):
    """What a PDF editor saves (an incremental update after the signature) leaves the signature's own bytes as
    they were: pdfsig says the signature no longer covers the document, and verify refuses it."""
    records, pdf = signed
    changed = tmp_path / "changed.pdf"
    changed.write_bytes(with_an_overlay_in_an_update(pdf, "Scorecard: Hemi. Baccarat: ready, test passed 3 of 3.")
                        if change == "an overlay" else with_pages_swapped_in_an_update(pdf))
    if change == "an overlay":
        assert "Scorecard: Hemi" in _pages_text(changed)
    report = pdfsig(changed)
    assert reported(report, "Not total document signed") and not reported(report, "Total document signed")
    status = pyhanko_status(changed, [])
    assert status.coverage.name != "ENTIRE_FILE"
    done = verify_cli(records, changed)
    assert done.returncode == 1 and "genuine" not in done.stdout + done.stderr
    assert "something was added to the file after its PDF signature" in done.stderr


def test_the_signed_figures_travel_with_the_pages_and_must_be_printed(signed, tmp_path):
    """The figures the pages print are attached to the PDF and signed with it; a signature over figures the pages
    do not print (here: Aroha's figures on Hemi's pages, signed with the manager's own key) is refused."""
    import json

    from pypdf import PdfReader

    from dealerdrill.exports import export
    from dealerdrill.exports.scorecard_signature import signed_pdf
    from dealerdrill.records import RecordFilter, Records

    records, pdf = signed
    attachments = PdfReader(str(pdf)).attachments
    assert list(attachments) == [FIGURES_FILE]
    figures = json.loads(attachments[FIGURES_FILE][0])["figures"]
    assert ["Scorecard: Aroha", "Period: all records."] in figures
    with Desk.open(records) as desk:
        desk.add_trainee("Hemi")
        desk.unlock_manager(PIN, MANAGER)
        identity = desk.role.key.signing_as(MANAGER, "workstation test").scorecard_identity()
    with Records(records) as opened:
        [hemi] = export(opened, "pdf", tmp_path / "hemi.pdf", RecordFilter(trainees=("Hemi",)))   # unsigned
    forged = tmp_path / "forged.pdf"
    forged.write_bytes(signed_pdf(hemi.read_bytes(), figures, identity))
    check = check_scorecard(forged)
    assert not check.genuine and "signed figure(s) are not printed as signed" in check.message


def test_a_certificate_naming_the_manager_without_the_managers_key_is_nobodys(signed, tmp_path):
    """A trainee makes a P-256 key and a certificate of their own naming "Mere Smith", copies the manager key binding
    out of a genuine scorecard's certificate, and signs a scorecard with the genuine one's figures: pdfsig reads a
    valid signature by "Mere Smith" (as it would of any certificate: a reader trusts the casino's certificate, not a
    name), but the binding is the manager key's signature of another key, so verify names no manager and refuses."""
    from cryptography.hazmat.primitives.asymmetric import ec

    from dealerdrill.exports import export
    from dealerdrill.exports.scorecard_signature import SigningIdentity, _attached_figures, signed_pdf
    from dealerdrill.records import Records

    records, pdf = signed
    genuine = signer_certificate(pdf)
    binding = signing_certificate._Binding.load(
        genuine.extensions.get_extension_for_oid(signing_certificate.MANAGER_KEY_BINDING).value.value)
    mine = ec.generate_private_key(ec.SECP256R1())
    forged_certificate = signing_certificate.signing_certificate(
        mine.public_key(), genuine.subject, (binding["manager_key"].native, binding["signature"].native),
        genuine.subject, mine)
    assert signing_certificate.bound_manager_key(forged_certificate) is None
    with Records(records) as opened:
        [plain] = export(opened, "pdf", tmp_path / "plain.pdf")          # no manager's key: unsigned
    from pyhanko.pdf_utils.reader import PdfFileReader

    with open(pdf, "rb") as handle:
        figures = _attached_figures(PdfFileReader(handle))
    forged = tmp_path / "forged.pdf"
    forged.write_bytes(signed_pdf(plain.read_bytes(), figures,
                                  SigningIdentity(MANAGER, "workstation test", "-", mine, forged_certificate)))
    assert reported(pdfsig(forged), "Signature Validation: Signature is Valid.")
    done = verify_cli(records, forged)
    assert done.returncode == 1 and "names no Dealer Drill manager key" in done.stderr


def test_a_pin_file_of_before_unlocks_and_signs_with_the_same_certificate_everywhere(tmp_path):
    """A PIN file written before issue 30 (Ed25519 key only) needs nothing added: the PDF signing key is derived
    from the manager key, so the file unlocks as it was, and two desks with copies of it sign with the same key
    (and, for the same manager and workstation, the same certificate)."""
    before = EARLIER_PIN_FILE.read_bytes()
    prints = []
    for desk_name in ("one", "two"):
        records = _records_with_a_signed_off_test(tmp_path / desk_name / "data" / "records.sqlite3", EARLIER_PIN_FILE)
        assert (records.parent / "manager-pin.json").read_bytes() == before        # left as it was
        with Desk.open(records) as desk:
            desk.records.workstation = "front desk"
            desk.unlock_manager(PIN, MANAGER)
            assert desk.role.key.fingerprint == EARLIER_FINGERPRINT
            [pdf] = desk.export("pdf", tmp_path / desk_name / "aroha.pdf")
        certificate = signer_certificate(pdf)
        prints.append((certificate.public_key(), signing_certificate.fingerprint(certificate)))
        done = verify_cli(records, pdf)
        assert done.returncode == 0 and EARLIER_FINGERPRINT in done.stdout, done.stderr
    assert prints[0] == prints[1]


def test_the_pdf_signing_key_is_the_manager_keys_own():
    first, second = manager_key.new_key(PIN), manager_key.new_key(PIN)
    assert first.pdf_key.private_numbers() != second.pdf_key.private_numbers()
    again = manager_key.ManagerKey(first._private)
    assert again.pdf_key.private_numbers() == first.pdf_key.private_numbers()
    certificate = first.signing_as(MANAGER, "workstation a").scorecard_identity().certificate
    assert signing_certificate.bound_manager_key(certificate) == first.public.raw
    assert certificate == again.signing_as(MANAGER, "workstation a").scorecard_identity().certificate


def test_a_certificate_of_another_key_in_the_pin_file_is_not_used(tmp_path):
    """Someone who can write the PIN file puts a certificate of their own key in it: the manager's scorecards are
    not signed with it (its key is not the manager's); a self-issued certificate is made instead."""
    import json

    path = tmp_path / "manager-pin.json"
    key = manager_key.new_key(PIN)
    manager_key.write_key_file(path, key, PIN)
    stranger = manager_key.new_key(PIN).signing_as("Someone", "elsewhere").scorecard_identity().certificate
    with pytest.raises(ValueError, match="not the one of this manager's PDF signing key"):
        manager_key.add_certificates(path, key, (stranger,))
    document = json.loads(path.read_text())
    document["certificates"] = [signing_certificate.pem(stranger)]
    path.write_text(json.dumps(document))
    unlocked = manager_key.read_key_file(path).unlock(PIN)
    assert unlocked.issued == ()
    identity = unlocked.signing_as(MANAGER, "workstation a").scorecard_identity()
    assert signing_certificate.self_issued(identity.certificate) and identity.certificate.public_key() == \
        unlocked.pdf_key.public_key()


def test_a_scorecard_sealed_before_pdf_signatures_is_named_as_the_earlier_kind(tmp_path):
    """Made by Dealer Drill before issue 30: its seal was our own format in the Keywords, which no PDF reader checks
    (pdfsig finds no signature). verify names it as the earlier kind and does not accept it: export it again."""
    assert "does not contain any signatures" in pdfsig(EARLIER_SCORECARD, folder=tmp_path / "nss")
    records = _records_with_a_signed_off_test(tmp_path / "data" / "records.sqlite3", EARLIER_PIN_FILE)
    done = verify_cli(records, EARLIER_SCORECARD)
    assert done.returncode == 1 and "carries a seal of the earlier kind" in done.stderr
    assert "export the scorecard again" in done.stderr and "genuine" not in done.stdout + done.stderr
