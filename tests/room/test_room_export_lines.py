"""The answers' CSV lines the training room's server makes (server_answers.write_csv) are, byte for byte, the
lines csv.writer makes from the same answers' rows (server_answers.csv_batches, the slow reference), for text
that needs every kind of care."""
from __future__ import annotations

import io

from dealerdrill.domain import AnsweredItem, Grade, Item

DRILL = "baccarat.table_of_play"
# Every quoting rule, formula starts, a semicolon (which quotes its whole row), letters outside ASCII, the
# characters XML forbids, JSON escapes, and seconds at the edges of how they are printed. Not a time of exactly
# half a millisecond (0.0005): the server rounds that to even, Python's round() away (a difference the server's
# lines had before these lines were made faster, and keep).
HOSTILE = ("plain", "comma, here", 'a "quote"', "line\nfeed", "carriage\rreturn", "semi;colon", "=1+1", "+x", "-y",
           "@z", "\ttab first", "\rCR first", "Tāne ẞ 🂡", "\x0b\ufffe", "", "'already quoted", " spaces ")
SECONDS = (0.0, 0.0004, 0.0006, 1.23456, 2.0, 12.3456789, 99999999999.999, 1e11, 1.5e15, 2.5e-7, 1234567.891,
           3.14159, 7.0004, 0.001, 10.0, 86400.25, 5.5555)


def test_the_servers_csv_lines_are_csv_writers_lines_for_hostile_text(room, open_room, tmp_path):
    from dealerdrill.exports import export, tabular
    from dealerdrill.exports.server_answers import csv_batches
    from dealerdrill.records import RecordFilter

    records = open_room(room.desk_a)
    for trainee in ("Mere", "Aroha; Ngata", "=Tane"):
        records.create_trainee(trainee)
        session = records.start_session(trainee, DRILL, "practice", {})
        for index, (text, seconds) in enumerate(zip(HOSTILE, SECONDS)):
            item = Item(DRILL, f"-family,{index}", {"shown": text}, key="K",
                        text=text if index % 4 else "esc \\u00e9 \ud800 " + text, hint="h")
            grade = Grade(index % 3 == 0, expected=HOSTILE[-1 - index], given=text, explanation="because",
                          category=None, rule=text[::-1], seconds=seconds)
            records.record_answer(session, AnsweredItem(item, {"text": text, "n": index} if index % 2 else text,
                                                        grade))
        records.finish_session(session)
    answers, _ = export(records, "csv", tmp_path / "room.csv")

    reference = io.BytesIO()
    out = tabular._CsvFile(reference)
    out.write_rows([tabular.ANSWER_COLUMNS])
    for rows in csv_batches(records, RecordFilter(trainees=tuple(t.name for t in records.trainees()))):
        out.write_rows(rows)
    assert answers.read_bytes() == reference.getvalue()
    assert answers.read_bytes().count(b"'=Tane") == len(HOSTILE)
