"""A workstation with a manager and a test target, and a test taken on it: what the certification tests
(the import attacks, the signed records files) start from."""
from __future__ import annotations

from dealerdrill.desk import Desk
from dealerdrill.domain import Mode, Target

PIN, MANAGER = "246824", "Mere Smith"
DRILL = "baccarat.table_of_play"


def workstation(path, manager=MANAGER):
    desk = Desk.open(path)
    desk.set_first_pin(manager, PIN, PIN)
    desk.set_target(DRILL, Target(seconds=8, accuracy=0.9, test_items=20, pass_mark=0.9))
    return desk


def take_test(desk, trainee, rights, seed=5, difficulty=1):
    """A test of DRILL by `trainee` at `difficulty` (1 Basic), each item answered right or wrong as `rights`
    says; its summary."""
    if trainee not in desk.trainee_names():
        desk.add_trainee(trainee)
    desk.choose_trainee(trainee)
    session = desk.start_session(DRILL, Mode.TEST, difficulty, seed=seed)
    for right in rights:
        item = session.next_item()
        wrong = dict(item.key, player="draw" if item.key["player"] == "stand" else "stand")
        session.submit(item.key if right else wrong, 2.0)
    return session.finish()
