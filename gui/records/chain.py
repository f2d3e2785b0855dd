"""Tamper evidence: the hash chains every stored result is linked into, and the signatures on them. Qt-free.

Two chains run through each records file:
- the answers, in the order they were stored: each answer's `chain_hash` is SHA-256 of the previous answer's
  chain_hash and the answer's own canonical content (every column but the hash itself);
- the ledger, one row per event that is not an answer (a trainee added, a session started or finished, a
  sign-off, a target, an audit entry, a manager key, a signed checkpoint): each entry's chain_hash covers the
  previous entry's, the event's canonical content, and the answers chain as it stood then (how many answers
  and the last one's hash), so the answers cannot be shortened or rewritten behind a later entry either.

Entries made while a manager holds the role are signed with the manager's Ed25519 key (the private key
never leaves the PIN-encrypted key file, dealerdrill.desk.manager_key): a sign-off and a target must be, and
every unlock leaves a signed checkpoint over the chain as it stands. Anyone can recompute a chain after
editing rows; no one without the PIN can sign the result, so the edit shows at the first signed entry that
follows it. What is and is not protected is written down in docs/guarantees.md.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

NO_HASH = bytes(32)   # the "previous hash" of the first link of a chain
SEPARATOR = "\x1f"

# The answers' columns in the order their canonical content lists them.
ANSWER_COLUMNS = ("id", "uuid", "session_id", "seq", "family", "item", "answer", "expected", "given", "correct",
                  "category", "rule", "seconds", "timed_out", "answered_at")


def answer_content_sql(values: tuple[str, ...] = ANSWER_COLUMNS) -> str:
    """SQL giving an answer's canonical content in the answers chain, as bytes: its columns (or the
    expressions `values` names in their place) in one printf, separated by SEPARATOR, the nullable category
    quoted. SQLite formats it both when an answer is stored and when the chain is checked, so the two can
    never read a value differently, and a check of millions of answers leaves the formatting to SQLite."""
    parts = [f"quote({v})" if column == "category" else v for column, v in zip(ANSWER_COLUMNS, values)]
    return f"CAST(printf('{SEPARATOR.join(['%s'] * len(parts))}', {', '.join(parts)}) AS BLOB)"


ANSWER_CONTENT_SQL = answer_content_sql()


class Signer(Protocol):
    """Who signs a ledger entry: the unlocked manager's key (dealerdrill.desk.manager_key.ManagerKey)."""

    fingerprint: str

    def sign(self, data: bytes) -> bytes: ...


def _text(value) -> str:
    if value is None:
        return "\x00"                     # never the text of a value: NULL and "" stay apart
    if isinstance(value, float):
        return repr(value)                # shortest round-trip text: the same float always reads the same
    if isinstance(value, bytes):
        return value.hex()
    return str(value)


def answer_content(row: Iterable) -> bytes:
    """Canonical content of a row of values made in Python (a session's answers as they travel between
    workstations, for the digest a sign-off signs)."""
    return SEPARATOR.join(_text(value) for value in row).encode("utf-8", "surrogatepass")


def link(previous: bytes, content: bytes) -> bytes:
    return hashlib.sha256(previous + content).digest()


def event_content(event: dict) -> str:
    """An event's canonical content: JSON with sorted keys and no spaces (the ledger stores this text)."""
    return json.dumps(event, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def ledger_link(previous: bytes, kind: str, ref: str, content: str, answers: int, answers_head: bytes) -> bytes:
    text = SEPARATOR.join((kind, ref, content, str(answers), answers_head.hex()))
    return link(previous, text.encode("utf-8", "surrogatepass"))


def fingerprint_of(public_key: bytes) -> str:
    """A key's fingerprint as people compare it: the first 16 bytes of SHA-256 of the raw public key, in
    groups of four hex digits ("3f2a-91c0-...")."""
    digest = hashlib.sha256(public_key).hexdigest()[:32]
    return "-".join(digest[i:i + 4] for i in range(0, 32, 4))


def accepted_keys(rows: Iterable, entries: Iterable) -> dict[str, tuple[bytes, str, str]]:
    """fingerprint -> (public key, manager, origin) of the manager keys (`rows`: fingerprint, public key,
    manager, origin) whose ledger entry (`entries`: ref, chain hash, signing key, signature, in ledger order) is
    signed as the program signs it: a key of this workstation by itself, when its PIN is set; a key trusted
    from elsewhere by a key accepted before it (the manager here who trusted it), never by itself. A row whose
    public key is not the one its fingerprint names is no key."""
    keys = {fp: (bytes(public), manager, origin) for fp, public, manager, origin in rows
            if fingerprint_of(bytes(public)) == fp}     # never another key under a known key's fingerprint
    accepted: dict[str, tuple[bytes, str, str]] = {}
    for ref, chain_hash, signer, signature in entries:
        row = keys.get(ref)
        if row is None or ref in accepted or signer is None or signature is None:
            continue
        if row[2] == "trusted":
            by = accepted.get(signer) if signer != ref else None
        else:
            by = row if signer == ref else None
        if by is not None and signature_is_valid(by[0], bytes(signature), bytes(chain_hash)):
            accepted[ref] = row
    return accepted


def signature_is_valid(public_key: bytes, signature: bytes, data: bytes) -> bool:
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    try:
        Ed25519PublicKey.from_public_bytes(public_key).verify(signature, data)
    except (InvalidSignature, ValueError, TypeError):
        return False
    return True


@dataclass(frozen=True)
class Problem:
    """One thing verification found wrong, named so a person can find it."""
    where: str           # "answer 3f2a… (session 9c1e…, item 4)", "ledger entry 17 (sign-off …)"
    what: str            # what is wrong, in plain words

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"
