"""Records of real drill answers for the tests (sessions the engine can grade again, as imports do), and
reading and writing records files line by line to make hostile ones."""
from __future__ import annotations

import json


def play_for_real(records, trainee: str, mode, outcomes, drill_id: str = "baccarat.table_of_play", *,
                  seed: int = 7, finish: bool = True, target=None) -> str:
    """A session of a real drill whose answers the engine can grade again: the key when the outcome is
    right, the wrong Player call when not. Returns the session id."""
    from dealerdrill.drills import DrillSession, registry

    drill = registry()[drill_id]()
    if str(getattr(mode, "value", mode)) == "test":
        # A test as the program takes one: issued by the records (their seed, level and target; `seed` unused).
        issue = records.issue_test(trainee, drill_id)
        session_id = issue.session_uuid
        session = DrillSession(drill, mode, seed=issue.seed, difficulty=issue.level, target=issue.target,
                               on_answer=lambda answered: records.record_answer(session_id, answered))
    else:
        session_id = records.start_session(trainee, drill_id, mode, {"difficulty": 1}, target=target)
        session = DrillSession(drill, mode, seed=seed, target=target or records.target(drill_id),
                               on_answer=lambda answered: records.record_answer(session_id, answered))
    for right in outcomes:
        item = session.next_item()
        if right:
            session.submit(item.key, 2.0)
        else:
            wrong = dict(item.key, player="draw" if item.key["player"] == "stand" else "stand")
            session.submit(wrong, 2.0)
    if finish:
        records.finish_session(session_id)
    return session_id


def regrader():
    from dealerdrill.drills.regrade import Regrader

    return Regrader()


def read_lines(path) -> list[dict]:
    return [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]


def write_lines(path, lines) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        for line in lines:
            handle.write(json.dumps(line, ensure_ascii=False) + "\n")
