"""What the trainee and manager views show: progress, heatmap, breakdowns, streaks, roster, cohort, filters.
Expected numbers are counted here from the answers each test records, not taken from the code."""
from __future__ import annotations

from datetime import timedelta

from dealerdrill.domain import ErrorCategory, Mode, Target
from dealerdrill.drills import families
from dealerdrill.records import RecordFilter
from dealerdrill.records.queries import local_day


def test_family_strings_are_read_for_the_breakdowns_in_the_drills_conventions():
    assert families.table_of_play_cell("baccarat", "banker6.third7") == (6, 7)
    assert families.table_of_play_cell("baccarat", "baccarat.banker.3.third8") == (3, 8)
    assert families.table_of_play_cell("baccarat", "player6.banker3") is None
    assert families.table_of_play_cell("roulette", "banker6.third7") is None
    assert families.wager_kind("roulette", "roulette.payout.six_line") == "six_line"
    assert families.wager_kind("roulette", "roulette.keys.17") == "split"        # the engine pays a split 17 to 1
    assert families.wager_kind("roulette", "roulette.complete.17") == "complete"
    assert families.wager_kind("roulette", "roulette.winners.clear.side") is None
    assert families.house_way_rule("paigow", "nz-split-nines") == "nz-split-nines"
    assert families.house_way_rule("paigow", "paigow.houseway.foxwoods-keep-pair") == "foxwoods-keep-pair"
    assert families.house_way_rule("paigow", "pair.6-6") is None                 # a tile face is no rule
    assert families.house_way_rule_label("nz-split-nines").startswith("Split nines")


def test_every_family_of_the_registered_drills_that_names_a_cell_kind_or_rule_is_read():
    from dealerdrill.drills.base import registry

    drills = registry()
    table = drills["baccarat.table_of_play"]()
    cells = {families.table_of_play_cell("baccarat", f) for f in table.families()} - {None}
    assert cells == {(b, c) for b in range(8) for c in range(10)}
    rules = {families.house_way_rule("paigow", f) for f in drills["paigow.house_way"]().families()}
    assert None not in rules and len(rules) == len(drills["paigow.house_way"]().families())
    kinds = {families.wager_kind("roulette", f) for f in drills["roulette.payout"]().families()}
    assert {"straight", "split", "corner", "six_line", "zero"} <= kinds and None not in kinds


def test_skill_progress_counts_accuracy_median_time_and_a_daily_trend(records, play, clock):
    records.create_trainee("Aroha")
    day_one = [("banker6.third7", True, 2.0), ("banker6.third7", False, 6.0), ("banker3.third8", True, 4.0)]
    play("Aroha", "baccarat.table_of_play", Mode.PRACTICE, day_one)
    first_day = local_day(clock.now)
    clock.advance(days=1)
    play("Aroha", "baccarat.table_of_play", Mode.TIMED, [("banker3.third8", True, 1.0)] * 4)
    play("Aroha", "roulette.payout", Mode.PRACTICE, [("roulette.payout.split", False, 10.0)])
    progress = {p.drill: p for p in records.skill_progress("Aroha")}
    table = progress["baccarat.table_of_play"]
    assert (table.answered, table.correct, table.median_seconds) == (7, 6, 1.0)  # of 1 1 1 1 2 4 6
    assert table.title == "Table of play" and table.game == "baccarat"
    assert [(p.day, p.answered, round(p.accuracy, 4), p.median_seconds) for p in table.trend] == \
           [(first_day, 3, round(2 / 3, 4), 4.0), (first_day + timedelta(days=1), 4, 1.0, 1.0)]
    assert table.recent_change is None                # fewer than 2 x TREND_WINDOW answers
    roulette = progress["roulette.payout"]
    assert (roulette.answered, roulette.accuracy, roulette.accuracy_met) == (1, 0.0, False)


def test_recent_change_compares_the_latest_window_with_the_one_before(records, play):
    from dealerdrill.records.queries import TREND_WINDOW

    records.create_trainee("Aroha")
    earlier = [("f", i % 2 == 0, 1.0) for i in range(TREND_WINDOW)]     # half right
    latest = [("f", i % 4 != 0, 1.0) for i in range(TREND_WINDOW)]     # three quarters right
    play("Aroha", "d.x", Mode.PRACTICE, earlier + latest)
    [progress] = records.skill_progress("Aroha")
    expected = (sum(c for _, c, _ in latest) - sum(c for _, c, _ in earlier)) / TREND_WINDOW
    assert abs(progress.recent_change - expected) < 1e-9 and progress.recent_change > 0


def test_heatmap_counts_table_of_play_answers_per_banker_total_and_third_card(records, play):
    records.create_trainee("Aroha")
    records.create_trainee("Hemi")
    play("Aroha", "baccarat.table_of_play", Mode.PRACTICE,
         [("banker6.third7", True, 1.0), ("banker6.third7", False, 1.0), ("banker3.third8", True, 1.0),
          ("natural.player8", True, 1.0)])
    play("Hemi", "baccarat.table_of_play", Mode.PRACTICE, [("banker6.third7", False, 1.0)])
    mine = records.heatmap("Aroha")
    assert (mine.cell(6, 7).answered, mine.cell(6, 7).correct, mine.cell(6, 7).accuracy) == (2, 1, 0.5)
    assert (mine.cell(3, 8).answered, mine.cell(3, 8).correct) == (1, 1)
    assert sum(c.answered for c in mine.cells.values()) == 3       # the natural is no Table 2 cell
    assert len(mine.cells) == 80 and mine.cell(0, 0).accuracy is None
    everyone = records.heatmap()
    assert (everyone.cell(6, 7).answered, everyone.cell(6, 7).correct) == (3, 1)


def test_roulette_by_wager_kind_and_pai_gow_by_house_way_rule(records, play):
    records.create_trainee("Aroha")
    play("Aroha", "roulette.payout", Mode.PRACTICE,
         [("roulette.payout.split", True, 2.0), ("roulette.payout.split", False, 4.0),
          ("roulette.payout.corner", True, 3.0)])
    play("Aroha", "roulette.payout_keys", Mode.PRACTICE, [("roulette.keys.17", True, 1.0)])
    play("Aroha", "paigow.house_way", Mode.PRACTICE,
         [("nz-split-nines", False, 20.0), ("nz-split-nines", True, 10.0), ("nz-keep-pair", True, 5.0)])
    kinds = {b.key: b for b in records.roulette_by_wager_kind("Aroha")}
    assert set(kinds) == {"split", "corner"}
    assert (kinds["split"].answered, kinds["split"].correct, kinds["split"].median_seconds) == (3, 2, 2.0)
    assert kinds["split"].label == "Split"
    rules = {b.key: b for b in records.paigow_by_house_way_rule("Aroha")}
    assert (rules["nz-split-nines"].answered, rules["nz-split-nines"].accuracy) == (2, 0.5)
    assert rules["nz-keep-pair"].label == "Keep any other pair"


def test_error_categories_count_wrong_answers_most_frequent_first(records, play):
    records.create_trainee("Aroha")
    play("Aroha", "d.x", Mode.PRACTICE, [("f", False, 1.0)] * 3 + [("f", True, 1.0)],
         category=ErrorCategory.BANKER_DRAW)
    play("Aroha", "d.x", Mode.PRACTICE, [("f", False, 1.0)], category=ErrorCategory.TIMEOUT)
    rows = records.error_categories("Aroha")
    assert [(r.key, r.answered) for r in rows] == [("baccarat_banker_draw", 3), ("timeout", 1)]
    assert rows[0].label == ErrorCategory.BANKER_DRAW.label


def test_streaks_of_right_answers_and_of_days(records, play, clock):
    records.create_trainee("Aroha")
    for day, pattern in enumerate(([True, True, True, False], [True], [True, True])):
        if day:
            clock.advance(days=1)
        play("Aroha", "d.x", Mode.PRACTICE, [("f", ok, 1.0) for ok in pattern])
    streaks = records.streaks("Aroha")
    assert (streaks.current_correct, streaks.best_correct) == (3, 3)
    assert (streaks.current_days, streaks.best_days, streaks.last_practised) == (3, 3, local_day(clock.now))
    clock.advance(days=3)                               # a break: the day streak is over, the best stays
    play("Aroha", "d.x", Mode.PRACTICE, [("f", False, 1.0)])
    streaks = records.streaks("Aroha")
    assert (streaks.current_correct, streaks.best_correct, streaks.current_days, streaks.best_days) == (0, 3, 1, 3)


def test_filters_select_by_date_game_drill_mode_and_trainee(records, play, clock):
    records.create_trainee("Aroha")
    records.create_trainee("Hemi")
    first_day = local_day(clock.now)
    play("Aroha", "roulette.payout", Mode.PRACTICE, [("roulette.payout.split", True, 1.0)] * 2)
    clock.advance(days=2)
    play("Aroha", "baccarat.table_of_play", Mode.TEST, [("banker6.third7", True, 1.0)] * 3)
    play("Hemi", "baccarat.table_of_play", Mode.TIMED, [("banker6.third7", False, 1.0)] * 5)
    def count(**kwargs) -> int:
        return len(records.answers(RecordFilter(**kwargs)))

    assert count() == 10
    assert count(date_from=first_day, date_to=first_day) == 2
    assert count(date_from=first_day + timedelta(days=1)) == 8
    assert count(date_to=first_day + timedelta(days=1)) == 2
    assert count(game="baccarat") == 8 and count(drill="roulette.payout") == 2
    assert count(mode="test") == 3 and count(mode=Mode.TIMED) == 5
    assert count(trainees=("hemi",)) == 5 and count(trainees=()) == 0
    assert len(records.sessions(RecordFilter(game="baccarat"))) == 2
    assert [a.mode for a in records.test_attempts()] == ["test"]


def test_roster_readiness_needs_accuracy_speed_and_a_passed_test(records, play, signer):
    manager = "Mere"
    drill = "baccarat.table_of_play"
    records.set_target(drill, Target(seconds=5, accuracy=0.9, test_items=10, pass_mark=0.9), manager, signer)
    for name in ("Ready Rangi", "Slow Sam", "Untested Tui"):
        records.create_trainee(name)
    play("Ready Rangi", drill, Mode.TIMED, [("banker6.third7", True, 2.0)] * 19 + [("banker6.third7", False, 2.0)])
    attempt = play("Ready Rangi", drill, Mode.TEST, [("banker6.third7", True, 2.0)] * 10)
    records.sign_off(attempt, manager, signer)
    play("Slow Sam", drill, Mode.TIMED, [("banker6.third7", True, 8.0)] * 20)
    play("Slow Sam", drill, Mode.TEST, [("banker6.third7", True, 8.0)] * 10)
    play("Untested Tui", drill, Mode.TIMED, [("banker6.third7", True, 2.0)] * 30)
    roster = {e.trainee.name: e for e in records.roster(RecordFilter(drill=drill))}
    readiness = {name: e.games["baccarat"].drills[0] for name, e in roster.items()}
    assert readiness["Ready Rangi"].ready and readiness["Ready Rangi"].test_signed_off
    assert roster["Ready Rangi"].games["baccarat"].ready
    assert readiness["Slow Sam"].accuracy_met and not readiness["Slow Sam"].speed_met
    assert not readiness["Slow Sam"].ready and readiness["Slow Sam"].test_passed
    assert readiness["Untested Tui"].accuracy_met and readiness["Untested Tui"].speed_met
    assert not readiness["Untested Tui"].test_passed and not readiness["Untested Tui"].ready
    assert roster["Ready Rangi"].answered == 30
    # Without the drill filter, the game has every registered baccarat drill, and the others are not met.
    full = {e.trainee.name: e for e in records.roster()}["Ready Rangi"].games["baccarat"]
    assert len(full.drills) > 1 and full.drills_ready == 1 and not full.ready


def test_cohort_compares_every_trainee_on_every_drill_they_answered(records, play):
    for name in ("Aroha", "Hemi"):
        records.create_trainee(name)
    play("Aroha", "d.x", Mode.PRACTICE, [("f", True, 1.0), ("f", True, 3.0), ("f", False, 5.0)])
    play("Hemi", "d.x", Mode.PRACTICE, [("f", True, 2.0)])
    play("Hemi", "d.y", Mode.PRACTICE, [("f", False, 4.0)])
    rows = [(r.trainee, r.drill, r.answered, r.correct, r.median_seconds) for r in records.cohort()]
    assert rows == [("Aroha", "d.x", 3, 2, 3.0), ("Hemi", "d.x", 1, 1, 2.0), ("Hemi", "d.y", 1, 0, 4.0)]
    only_x = [(r.trainee, r.drill) for r in records.cohort(RecordFilter(drill="d.x"))]
    assert only_x == [("Aroha", "d.x"), ("Hemi", "d.x")]


def test_recent_sessions_are_newest_first(records, play):
    records.create_trainee("Aroha")
    ids = [play("Aroha", "d.x", Mode.PRACTICE, [("f", True, 1.0)]) for _ in range(4)]
    assert [s.uuid for s in records.recent_sessions("Aroha", limit=3)] == ids[::-1][:3]
