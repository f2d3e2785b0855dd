"""A trainee's forgery for the certification tests: a key the trainee made, written into the records as a
manager's."""
from __future__ import annotations


def a_key_of_the_trainees(records, manager: str, origin: str):
    """A new key written into `records` as `manager`'s (`origin` 'this workstation' or 'trusted'), its ledger
    entry signed by itself as the program signs the key a PIN makes: what the trainee needs to sign sign-offs,
    settings, scorecards and records files. Returns the key (dealerdrill.desk.manager_key.ManagerKey)."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from dealerdrill.desk.manager_key import ManagerKey
    from dealerdrill.records.schema_v4 import append_entry

    mine = ManagerKey(Ed25519PrivateKey.generate())
    at = records.now_text()
    with records.transaction() as db:
        db.execute("INSERT INTO manager_keys (fingerprint, public_key, manager, origin, added_at) "
                   "VALUES (?, ?, ?, ?, ?)", (mine.fingerprint, mine.public.raw, manager, origin, at))
        append_entry(db, "key", mine.fingerprint, {"fingerprint": mine.fingerprint, "public_key": mine.public.raw.hex(),
                                                   "manager": manager, "origin": origin, "added_at": at}, signer=mine)
    return mine
