"""An external agent: an mjai bot process speaking the mjai protocol over stdin/stdout.

:class:`MjaiBot` starts a command (for example a Mortal-style bot) and plays
one seat through it: every table event the seat may see is written to the
bot's standard input as one JSON line (tile names ``5mr`` for red copies;
another seat's draws as ``"?"``, the other hands of ``start_kyoku`` as
``"?"``), and the bot answers each event with one JSON line.  Answers to
events that ask nothing of the seat are read and ignored; the answer to the
event that asks (its own draw, a discard it may claim, a kan it may rob)
is its decision:

- ``{"type": "dahai", "pai": ..., "tsumogiri": ...}``; ``{"type": "reach"}``,
  after which the bot is sent its own ``reach`` event and answers the dahai;
- ``{"type": "hora"}`` (tsumo or ron), ``{"type": "none"}`` (pass),
  ``{"type": "pon"|"chi"|"daiminkan", "pai": ..., "consumed": [...]}``,
  ``{"type": "ankan", "consumed": [...]}``, ``{"type": "kakan", "pai": ...}``,
  ``{"type": "nukidora"}`` (kita), ``{"type": "ryukyoku"}`` (kyuushu).

A bot that answers with bad JSON, an illegal or unknown action, nothing
within ``timeout`` seconds, or that exits raises
:class:`~riichi_fast.engine.EngineError` naming the bot, the event and the
response; the table is not touched (the error comes before ``table.step``).
Use it as any agent of :func:`~riichi_fast.engine.play_game` (one process per
seat; :meth:`MjaiBot.close` ends it, as does leaving a ``with`` block).
"""

from __future__ import annotations

import json
import os
import selectors
import subprocess
import time

from riichi_fast.engine.agents import Agent
from riichi_fast.engine.env import mjai_events
from riichi_fast.engine.types import EngineError
from riichi_fast.tiles import id_to_mjai

__all__ = ["MjaiBot"]


class MjaiBot(Agent):
    """One seat played by an mjai bot process (``command``: an argument list, as for :mod:`subprocess`)."""

    follows_events = True  # reads table.events as one list growing through the hand: play_game gives it Table

    def __init__(self, command, name: str | None = None, *, timeout: float = 10.0, rules="tenhou"):
        self.command = list(command)
        self.name = name or os.path.basename(str(self.command[0]))
        self.timeout = timeout
        self.proc = None
        self._buf = b""
        super().__init__(0, rules)

    # ------------------------------------------------------------ process

    def _start(self):
        self.proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self._sel = selectors.DefaultSelector()
        self._sel.register(self.proc.stdout, selectors.EVENT_READ)
        self._buf = b""

    def close(self) -> None:
        """End the bot process."""
        if self.proc is not None:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
            try:
                self.proc.wait(timeout=1)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc.stdout.close()
            self._sel.close()
            self.proc = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _fail(self, event, response, why):
        return EngineError(f"mjai bot {self.name!r}: event {json.dumps(event)} -> response {response!r}: {why}")

    def _ask(self, event):
        """Send one event, return the bot's parsed answer."""
        try:
            self.proc.stdin.write((json.dumps(event) + "\n").encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise self._fail(event, None, "the bot exited") from None
        deadline = time.monotonic() + self.timeout
        while b"\n" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0 or not self._sel.select(left):
                raise self._fail(event, self._buf.decode(errors="replace") or None,
                                 f"no answer within {self.timeout} s")
            chunk = os.read(self.proc.stdout.fileno(), 65536)
            if not chunk:
                raise self._fail(event, self._buf.decode(errors="replace") or None, "the bot exited")
            self._buf += chunk
        line, self._buf = self._buf.split(b"\n", 1)
        text = line.decode(errors="replace")
        try:
            answer = json.loads(text)
        except ValueError:
            raise self._fail(event, text, "not JSON") from None
        if not isinstance(answer, dict) or not isinstance(answer.get("type"), str):
            raise self._fail(event, text, "not an mjai action object")
        return answer, text

    # ------------------------------------------------------------ events

    def reset(self, seed: int = 0) -> None:
        super().reset(seed)
        self._events = None
        self._cursor = 0
        self._skip_reach = False
        self._started = False

    def _view(self, e, seat):
        """The event as ``seat`` sees it (mjai names; hidden tiles as ``?``)."""
        t = e["type"]
        if t == "tsumo" and e["actor"] != seat:
            return {**e, "pai": "?"}
        if t == "start_kyoku":
            return {**e, "tehais": [h if i == seat else ["?"] * len(h) for i, h in enumerate(e["tehais"])]}
        return e

    def _pending(self, table, seat):
        out = []
        if not self._started:
            out.append({"type": "start_game", "id": seat, "names": [f"player{i}" for i in range(table.n)]})
            self._started = True
        if self._events is not table.events:
            if self._events is not None:
                out.extend(self._events[self._cursor:])
            self._events, self._cursor = table.events, 0
        out.extend(self._events[self._cursor:])
        self._cursor = len(self._events)
        red = table.rules.red_fives
        return [self._view(e, seat) for e in mjai_events(out, red) if not self._own_reach(e, seat)]

    def _own_reach(self, e, seat):
        if self._skip_reach and e.get("type") == "reach" and e.get("actor") == seat:
            self._skip_reach = False
            return True
        return False

    # ------------------------------------------------------------ decisions

    def __call__(self, table, seat, actions):
        if table.rules is not self.rules:
            self.rules = table.rules
        if self.proc is None:
            self._start()
        events = self._pending(table, seat)
        answer = text = None
        for e in events:
            answer, text = self._ask(e)
        last = events[-1] if events else {"type": "none"}
        return self._choose(answer, text, last, table, seat, actions)

    def _name(self, tile):
        return id_to_mjai(tile, red=self.rules.red_fives)

    def _choose(self, answer, text, event, table, seat, actions):
        if answer is None:
            raise self._fail(event, None, "no event to answer")
        t = answer["type"]
        drawn = table.drawn if table.phase == "turn" else None

        def names(ids):
            return sorted(self._name(x) for x in ids)

        def pick(ok):
            for a in actions:
                if ok(a):
                    return a
            raise self._fail(event, text, f"illegal now (legal: {[str(a) for a in actions]})")

        if t == "none":
            return pick(lambda a: a.type == "pass")
        if t == "hora":
            return pick(lambda a: a.type in ("tsumo", "ron"))
        if t == "ryukyoku":
            return pick(lambda a: a.type == "kyuushu")
        if t == "nukidora":
            return pick(lambda a: a.type == "kita")
        if t == "dahai":
            pai = answer.get("pai")
            if answer.get("tsumogiri") and drawn is not None and self._name(drawn) == pai:
                return pick(lambda a: a.type == "discard" and a.tile == drawn)
            return pick(lambda a: a.type == "discard" and self._name(a.tile) == pai)
        if t == "reach":
            if not any(a.type == "riichi" for a in actions):
                raise self._fail(event, text, "riichi is not legal now")
            reach = {"type": "reach", "actor": seat}
            answer, text = self._ask(reach)
            if answer["type"] != "dahai":
                raise self._fail(reach, text, "a reach must be followed by a dahai")
            pai = answer.get("pai")
            choice = pick(lambda a: a.type == "riichi" and self._name(a.tile) == pai
                          and (not answer.get("tsumogiri") or a.tile == drawn))
            self._skip_reach = True
            return choice
        if t in ("pon", "chi", "daiminkan"):
            cons = sorted(answer.get("consumed") or [])
            return pick(lambda a: a.type == t and self._name(a.tile) == answer.get("pai") and names(a.consumed) == cons)
        if t == "ankan":
            cons = sorted(answer.get("consumed") or [])
            return pick(lambda a: a.type == "ankan" and names(a.consumed) == cons)
        if t == "kakan":
            return pick(lambda a: a.type == "kakan" and self._name(a.tile) == answer.get("pai"))
        raise self._fail(event, text, f"unknown action type {t!r}")

    def __repr__(self):
        return f"MjaiBot({self.name!r})"

    def act(self, observation, actions):
        raise EngineError(f"mjai bot {self.name!r} plays through play_game (it needs the table's events)")


