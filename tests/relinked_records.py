"""What someone who can write records.sqlite3 and knows its format can do (the attacker of docs/guarantees.md):
drop the permanence triggers, rewrite rows, link both chains anew, rebuild the summaries and put the triggers
back exactly as they were. Signatures cannot be made again without the manager's PIN, and that is what shows."""
from __future__ import annotations

import sqlite3

from dealerdrill.records import chain


class Rewrite:
    """with Rewrite(path) as db: ... edits; on leaving, the chains are linked anew and the triggers put back."""

    def __init__(self, path):
        self.db = sqlite3.connect(path, isolation_level=None)

    def __enter__(self) -> sqlite3.Connection:
        db = self.db
        self.triggers = db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").fetchall()
        db.execute("BEGIN IMMEDIATE")
        for name, _ in self.triggers:
            db.execute(f'DROP TRIGGER "{name}"')
        return db

    def __exit__(self, *exc) -> None:
        db = self.db
        previous, heads = chain.NO_HASH, {}
        for answer_id, content in db.execute(f"SELECT id, {chain.answer_content_sql()} FROM answers ORDER BY id"):
            previous = chain.link(previous, bytes(content))
            heads[answer_id] = previous
        db.executemany("UPDATE answers SET chain_hash = ? WHERE id = ?", [(h, i) for i, h in heads.items()])
        previous = chain.NO_HASH
        for seq, kind, ref, content, last_id, head in db.execute(
                "SELECT seq, kind, ref, content, answers_last_id, answers_head FROM ledger ORDER BY seq").fetchall():
            head = heads.get(last_id, bytes(head))
            previous = chain.ledger_link(previous, kind, ref, content, last_id, head)
            db.execute("UPDATE ledger SET answers_head = ?, chain_hash = ? WHERE seq = ?", (head, previous, seq))
        db.execute("DELETE FROM answer_facts")
        db.execute("DELETE FROM answer_hours")
        db.execute("INSERT INTO answer_facts (trainee_id, drill, seconds, answer_id, game, mode, correct, answered_at, "
                   "session_id) SELECT s.trainee_id, s.drill, a.seconds, a.id, s.game, s.mode, a.correct, "
                   "a.answered_at, s.id FROM answers a JOIN sessions s ON s.id = a.session_id")
        db.execute("INSERT INTO answer_hours (trainee_id, drill, mode, hour, game, answered, correct, last_at) "
                   "SELECT trainee_id, drill, mode, substr(answered_at, 1, 13), MIN(game), COUNT(*), SUM(correct), "
                   "MAX(answered_at) FROM answer_facts GROUP BY trainee_id, drill, mode, substr(answered_at, 1, 13)")
        for _, sql in self.triggers:
            db.execute(sql)
        db.execute("COMMIT")
        db.close()
