"""Where SQLite and PostgreSQL differ, in one place. Qt-free.

The records' SQL is written once, in the dialect both understand (SQLite's `?` placeholders; standard
joins, aggregates, substr, COALESCE, CASE, ON CONFLICT). A Dialect turns such a statement into its
server's own form and supplies the few expressions that cannot be written the same way on both:

- placeholders: `?` for sqlite3, `%s` for psycopg (and a literal `%` doubled there);
- an answer's canonical content in the answers chain (SQLite's printf and quote; PostgreSQL's concat_ws
  and quote_nullable; each server formats the values both when an answer is stored and when it is checked);
- case-insensitive ordering, the first character's code, finding text in text, an item's "text" field in
  its JSON (json_extract against the ->> operator);
- which triggers exist (sqlite_master against pg_trigger, where a disabled trigger counts as missing);
- SQLite's planner hint "+column" (no index), meaningless elsewhere.

Booleans are stored as the integers 0 and 1 on both, identities are assigned by the records themselves
(the next id under the chain's lock), and trigger bodies live in each backend's schema module.
"""
from __future__ import annotations

from functools import lru_cache

from . import chain


class Dialect:
    name = "?"
    placeholder = "?"

    def translate(self, sql: str) -> str:
        return sql

    def answer_content_sql(self, values: tuple[str, ...] = chain.ANSWER_COLUMNS) -> str:
        raise NotImplementedError

    def nocase(self, column: str) -> str:
        raise NotImplementedError

    def first_code(self, expression: str) -> str:
        raise NotImplementedError

    def position(self, needle: str, haystack: str) -> str:
        raise NotImplementedError

    def no_index(self, column: str) -> str:
        return column

    triggers_sql = ""


class SQLiteDialect(Dialect):
    name = "sqlite"

    def answer_content_sql(self, values: tuple[str, ...] = chain.ANSWER_COLUMNS) -> str:
        return chain.answer_content_sql(values)

    def nocase(self, column: str) -> str:
        return f"{column} COLLATE NOCASE"

    def first_code(self, expression: str) -> str:
        return f"unicode({expression})"

    def position(self, needle: str, haystack: str) -> str:
        return f"instr({haystack}, {needle})"

    def no_index(self, column: str) -> str:
        return f"+{column}"

    triggers_sql = "SELECT name FROM sqlite_master WHERE type = 'trigger'"


class PostgresDialect(Dialect):
    name = "postgresql"
    placeholder = "%s"

    def translate(self, sql: str) -> str:
        return _to_psycopg(sql)

    def answer_content_sql(self, values: tuple[str, ...] = chain.ANSWER_COLUMNS) -> str:
        """The same fields as SQLite's, joined by chain.SEPARATOR, the nullable category quoted (`'text'` or
        NULL, as SQLite's quote() gives), as UTF-8 bytes. Numbers are PostgreSQL's own text for them (with
        extra_float_digits = 1, which every connection and server function sets: the shortest exact text)."""
        parts = []
        for column, value in zip(chain.ANSWER_COLUMNS, values):
            if column == "category":
                parts.append(f"quote_nullable({value})")
            else:
                parts.append(f"({value})::text")
        return f"convert_to(concat_ws(E'\\x1f', {', '.join(parts)}), 'UTF8')"

    def nocase(self, column: str) -> str:
        return f"lower({column})"

    def first_code(self, expression: str) -> str:
        return f"ascii({expression})"

    def position(self, needle: str, haystack: str) -> str:
        return f"strpos({haystack}, {needle})"

    # Enabled user triggers only: a trigger switched off (ALTER TABLE ... DISABLE TRIGGER) keeps nothing.
    triggers_sql = ("SELECT t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid "
                    "JOIN pg_namespace n ON n.oid = c.relnamespace "
                    "WHERE NOT t.tgisinternal AND t.tgenabled <> 'D' AND n.nspname = current_schema()")


SQLITE = SQLiteDialect()
POSTGRES = PostgresDialect()


@lru_cache(maxsize=2048)
def _to_psycopg(sql: str) -> str:
    """`?` placeholders to `%s` and `%` to `%%`, outside quoted text and identifiers."""
    out = []
    quote = None
    for character in sql:
        if quote is not None:
            out.append("%%" if character == "%" else character)
            if character == quote:
                quote = None
            continue
        if character in ("'", '"'):
            quote = character
            out.append(character)
        elif character == "?":
            out.append("%s")
        elif character == "%":
            out.append("%%")
        else:
            out.append(character)
    return "".join(out)
