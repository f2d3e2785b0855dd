"""The plain types every layer above the engine shares: items and grades, targets, the error taxonomy, the
modes, and how money is written. No I/O, no engine, no Qt: the drills, the records and the exports all
import these and nothing of each other's."""
from .items import Answer, AnsweredItem, Grade, Item
from .modes import Mode
from .money import format_cents, format_money, read_written_amount, written_amount_problem
from .targets import Target
from .taxonomy import ErrorCategory

__all__ = ["Answer", "AnsweredItem", "ErrorCategory", "Grade", "Item", "Mode", "Target", "format_cents",
           "format_money", "read_written_amount", "written_amount_problem"]
