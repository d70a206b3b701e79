"""The rules a record is verified under: :func:`rules_for_game` (a preset adjusted to the
game's lobby flags), and as the compiled record passes take them, :func:`fast_settings`
(the settings of a table they play, or None) and :func:`params_rows` (the rules arrays of
each combination of lobby flags).

>>> from riichi_fast.rules import config
>>> fast_settings(config.TENHOU)["noten_payment"], len(params_rows(config.TENHOU))
(3000, 4)
"""

from __future__ import annotations

import numpy as np

from riichi_fast.records.model import Game, GameRules
from riichi_fast.rules import config
from riichi_fast.rules.yaku import YAKU

__all__ = ["fast_settings", "params_rows", "rules_for_game"]


def rules_for_game(game: Game, base=None):
    """``base`` (default: the ``tenhou`` preset) with the game's own flags.

    A Tenhou lobby may play without red fives or without open tanyao; the
    record says so and the verification follows it.  Three-player games get
    the ``tenhou_3p`` preset when ``base`` is not given.

    >>> from riichi_fast.records import GameRules, Game
    >>> sum(rules_for_game(Game("x", "mjlog", GameRules(red_fives=False), ())).red_fives)
    0
    """
    if base is None:
        base = config.TENHOU_3P if game.rules.three_player else config.TENHOU
    changes = {}
    if not game.rules.red_fives and sum(base.red_fives):
        changes["red_fives"] = 0
    if game.rules.open_tanyao != base.open_tanyao:
        changes["open_tanyao"] = game.rules.open_tanyao
    return base.replace(**changes) if changes else base


def _red_counted(rules) -> bool:
    red = getattr(rules, "red_fives", None)
    try:
        return sum(red) > 0
    except TypeError:
        return bool(red)

_ABORTIVE_ORDER = ("kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "sanchahou", "suukaikan")


def params_rows(base=None):
    """The four rules arrays of the fast path: ``base`` (default ``tenhou``) adjusted to
    red fives on/off x open tanyao on/off, row ``2 * (not red) + (not open_tanyao)``."""
    rows = []
    for red in (True, False):
        for open_tanyao in (True, False):
            g = Game("", "mjlog", GameRules(red_fives=red, open_tanyao=open_tanyao), ())
            rows.append(rules_for_game(g, base).params())
    return np.ascontiguousarray(np.stack(rows).astype(np.int32))


def fast_settings(rules) -> dict | None:
    """Keyword settings of ``_mjlog.verify_mjlog`` for ``rules``, or ``None`` when the
    compiled path does not play them (it plays Tenhou's four- and three-player tables)."""
    if rules.n_players not in (3, 4) or rules.multiple_ron != "allowed" or rules.wareme \
            or rules.multiple_ron_sticks != "nearest" or rules.honba_value % (rules.n_players - 1) \
            or rules.pao_scope != "whole":
        return None
    pao_mask = 0
    for y in YAKU.values():
        if y.yakuman and (y.name in rules.pao or y.name.replace(" ", "_") in rules.pao):
            pao_mask |= 1 << y.id
    mask = 0
    for i, kind in enumerate(_ABORTIVE_ORDER, 1):
        on = rules.triple_ron_aborts if kind == "sanchahou" else kind in rules.abortive_draws
        mask |= int(bool(on)) << i
    return {"honba_value": rules.honba_value, "noten_payment": rules.noten_payment,
            "abortive_mask": mask, "adds_counter": bool(rules.abortive_draw_adds_counter),
            "counters_all": rules.multiple_ron_counters == "all",
            "nagashi": bool(rules.nagashi_mangan), "pao_mask": pao_mask,
            "pao_honba_liable": rules.pao_honba == "liable", "start_points": rules.start_points,
            "n_players": rules.n_players}
