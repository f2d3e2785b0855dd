"""Verdicts made again: a test's result is never read from what a client wrote. Qt-free.

Wherever a result is trusted (the end of a test, the Manager page, a sign-off, a scorecard, `dealerdrill
verify`) a test is judged here from what no trainee chooses: its items are made again from the seed the records
issued it with, each stored answer is graded again by the engine under the answer-key settings it was issued
with, and the pass is judged by the manager's signed target in force when it was issued (read from the ledger,
where only a manager's key can put one). A stored grade or result is a cache that must agree; where it does not,
the verdict names it (`Verdict.problems`), and such a test is never a pass.

This layer sits above the drills (which grade) and the records (which store), and below the exports and the
desk, which show and act on its verdicts.
"""
from .judge import Judge, Verdict, judge_for, judged_roster, judging_with, tests_problem
from .review import ReviewedItem, TestReview, review_test

__all__ = ["Judge", "ReviewedItem", "TestReview", "Verdict", "judge_for", "judged_roster", "judging_with",
           "review_test", "tests_problem"]
