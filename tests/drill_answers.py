"""Answers to any drill's item as a trainee's panel would send them: the right one (built from the item's key,
which is the engine's answer) and a few wrong ones of different kinds, for tests that run every drill."""
from __future__ import annotations

from dealerdrill.core import paigow, roulette


def _position(value):
    return tuple(value) if isinstance(value, list) else value


def right_answer(item):
    """The engine's answer in the form the drill's panel sends it."""
    key, prompt = item.key, item.prompt
    drill = item.drill
    if drill == "roulette.payout":
        answer = {"payments": [list(p) for p in key["payments"]], "total": key["total"]}
        return {"total": key["total"]} if prompt["ask"] == "total" else answer
    if drill in ("roulette.completes", "roulette.payout_keys"):
        return key["answer"]
    if drill == "roulette.winners":
        return key["winners"] if key["task"] == "winners" else key["losers"]
    if drill == "baccarat.table_of_play":
        return {side: key[side] for side in ("player", "banker", "winner")}
    if drill == "baccarat.commission":
        return f"{key['owed'] / 100:.2f}"
    if drill == "baccarat.settle":
        return [{"lose": "take", "push": "push"}.get(r["result"], f"{r['pay'] / 100:.2f}") for r in key["rows"]]
    if drill in ("baccarat.shoe", "baccarat.procedure"):
        return key
    if drill == "paigow.tiles":
        if prompt["kind"] == "tile":
            return {"name": key["name"], "rank": key["rank"], "points": key["points"][0]}
        return key["name"]
    if drill == "paigow.compare":
        return key["winner"]
    if drill == "paigow.house_way":
        return {"high": key["high"], "low": key["low"]}
    if drill == "paigow.expose":
        return list(key["calls"])
    if drill == "paigow.settle":
        answer = {"paid": list(key["paid"])}
        if prompt["co_banker_box"] is not None:
            answer.update(to_float=key["to_float"], co_banker=key["co_banker"])
        return answer
    if drill.endswith(".find_error"):
        return {"marks": {line: key["right"][line] for line in key["mistakes"]}}
    if drill.endswith(".irregularities"):
        return key["choice"]
    if drill.endswith(".chips"):
        if prompt["kind"] == "colour_in":
            return {"colour_chips": key["colour_chips"], "change": key["change"]}
        return {"counts": list(key["breakdown"])}
    if drill == "paigow.delivery":
        return {field: key[field] for field in prompt["asks"]}
    raise LookupError(f"no answers known for {drill}")


def _other_treatment(line, value):
    """A correction of the line's kind other than the right one."""
    if isinstance(value, list):
        return list(reversed(value))
    if isinstance(value, int):
        return value * 3 + 7
    if "amount" in line["accepts"]:
        return 5
    return next(word for word in line["accepts"] if word != value)


def wrong_answers(item) -> list:
    """Wrong answers of several kinds (a slip, an unrelated number, a left-out part, a swapped call...)."""
    key, prompt = item.key, item.prompt
    drill = item.drill
    right = right_answer(item)
    out = []
    if drill == "roulette.payout":
        payments = right.get("payments", [])
        if payments:
            out.append({**right, "payments": payments[:-1]})                          # a winner left unpaid
            first = list(payments[0])
            out.append({**right, "payments": [[first[0], first[1] + 1]] + payments[1:]})   # a slip
            out.append({**right, "payments": [[first[0], first[1] * 3 + 7]] + payments[1:]})  # unrelated
            steps = [roulette.classify(_position(p[0]), prompt["first_four"]).kind.pay_step for p in payments]
            if len(set(steps)) > 1:
                out.append({**right, "payments": payments[::-1]})                     # the wrong order
        if key["losers"]:
            loser = key["losers"][0]
            bet = next(b for b in prompt["bets"] if _position(b["position"]) == _position(loser))
            out.append({**right, "payments": payments + [[loser, bet["chips"] * prompt["colour_value"]]]})
        if prompt["ask"] in ("both", "total"):
            out.append({**right, "total": key["total"] * 3 + 7})
    elif drill in ("roulette.completes", "roulette.payout_keys"):
        out += [right + 1, right * 3 + 7, right * 10]
    elif drill == "roulette.winners":
        everything = [b["position"] for b in prompt["bets"]]
        out += [[], everything]
        if key["winners"] and key["losers"]:
            swapped = [p for p in right if p != right[0]] if right else []
            other = key["losers"] if key["task"] == "winners" else key["winners"]
            out.append(swapped + other[:1])
    elif drill == "baccarat.table_of_play":
        flip = {"draw": "stand", "stand": "draw"}
        out.append({**right, "player": flip[right["player"]]})
        out.append({**right, "banker": flip[right["banker"]]})
        out.append({**right, "winner": "tie" if right["winner"] != "tie" else "banker"})
    elif drill == "baccarat.commission":
        owed = key["owed"]
        out += ["0", f"{owed * 2 / 100:.2f}", f"{(owed * 3 + 700) / 100:.2f}", f"{(owed + 100) / 100:.2f}"]
    elif drill == "baccarat.settle":
        out.append(["take"] * len(right))
        out.append(["push"] * len(right))
        paid = [i for i, r in enumerate(key["rows"]) if r["result"] == "win"]
        if paid:
            changed = list(right)
            changed[paid[0]] = f"{(key['rows'][paid[0]]['pay'] + 100) / 100:.2f}"
            out.append(changed)
            changed = list(right)
            changed[paid[0]] = f"{(key['rows'][paid[0]]['pay'] * 3 + 700) / 100:.2f}"
            out.append(changed)
    elif drill in ("baccarat.shoe", "baccarat.procedure"):
        if prompt.get("options"):
            count = len(prompt["options"])
            out += [(key % count) + 1, ((key + 1) % count) + 1]
        else:
            out += [key + 1, max(0, key - 1) if key else 2]
    elif drill == "paigow.tiles":
        if prompt["kind"] == "tile":
            out.append({**right, "rank": right["rank"] % 16 + 1})
            out.append({**right, "name": next(n for n in prompt["names"] if n != key["name"])})
            out.append({**right, "points": (right["points"] + 5) % 10})
        else:
            out.append(next(n for n in prompt["names"] if n != key["name"]))
    elif drill == "paigow.compare":
        out.append("bank" if right == "player" else "player")
    elif drill == "paigow.house_way":
        tiles = prompt["tiles"]
        for high, low in paigow.settings(tiles):
            if not paigow.same_ranking((high, low), (key["high"], key["low"])):
                out.append({"high": list(high), "low": list(low)})
                out.append({"high": list(low), "low": list(high)})   # maybe high below low
                break
    elif drill == "paigow.expose":
        flip = {"win": "lose", "lose": "push", "push": "win"}
        out.append([flip[right[0]]] + right[1:])
        out.append([flip[c] for c in right])
    elif drill == "paigow.settle":
        paid = right["paid"]
        out.append({**right, "paid": [paid[0] + 100] + paid[1:]})
        out.append({**right, "paid": [paid[0] * 3 + 700] + paid[1:]})
        out.append({**right, "paid": [w["amount"] for w in prompt["wagers"]]})
        if "to_float" in right:
            out.append({**right, "to_float": right["to_float"] + 100})
            out.append({**right, "to_float": right["co_banker"], "co_banker": right["to_float"]})
    elif drill.endswith(".find_error"):
        lines = {line["id"]: line for line in prompt["lines"]}
        marks = right["marks"]
        if marks:
            first = next(iter(marks))
            out.append({"marks": {k: v for k, v in marks.items() if k != first}})          # one let stand
            out.append({"marks": {**marks, first: _other_treatment(lines[first], marks[first])}})  # miscorrected
            out.append("none")                                                              # all let stand
        settled_right = [line for line in lines if line not in key["mistakes"]]
        if settled_right:                                                                   # a false alarm
            out.append({"marks": {**marks, settled_right[0]: key["right"][settled_right[0]]}})
    elif drill.endswith(".irregularities"):
        count = len(prompt["options"])
        out += [key["choice"] % count + 1]
    elif drill.endswith(".chips"):
        if prompt["kind"] == "colour_in":
            out.append({**right, "colour_chips": right["colour_chips"] + 1})
            out.append({**right, "change": right["change"] + prompt["colour_value"]})
        else:
            counts = right["counts"]
            smallest = [0] * (len(counts) - 1) + [key["amount"] // prompt["chips"][-1]]
            if key["amount"] % prompt["chips"][-1] == 0 and smallest != counts:
                out.append({"counts": smallest})                                            # too many chips
            out.append({"counts": counts[:-1] + [counts[-1] + 1]})                          # one chip too many
            out.append({"counts": [c * 3 + 1 for c in counts]})                             # unrelated
    elif drill == "paigow.delivery":
        out.append({**right, "chung": right["chung"] % 8 + 1})
        out.append({**right, "first": right["first"] % 8 + 1})
        if "order" in right:
            out.append({**right, "order": list(reversed(right["order"]))})
    else:
        raise LookupError(f"no answers known for {drill}")
    return [answer for answer in out if answer != right]
