"""Points from han and fu, as in ``mahjong.hand_calculating.scores``.

>>> from riichi_fast.compat.mahjong.hand_calculating.hand_config import HandConfig
>>> r = ScoresCalculator.calculate_scores(han=3, fu=30, config=HandConfig())
>>> r["main"], r["total"], r["yaku_level"]
(3900, 3900, '')
>>> Aotenjou.calculate_scores(han=13, fu=40, config=HandConfig())["main"]
5242900
"""

from __future__ import annotations

from collections.abc import MutableSequence, MutableSet  # noqa: F401 (mahjong's names)
from typing import TypedDict

from riichi_fast.compat.mahjong.hand_calculating.hand_config import HandConfig, HandConstants  # noqa: F401
from riichi_fast.compat.mahjong.hand_calculating.yaku import Yaku  # noqa: F401 (mahjong's name)

__all__ = ["Aotenjou", "ScoresCalculator", "ScoresResult"]


class ScoresResult(TypedDict):
    """Payment breakdown: ``main`` (ron: the discarder; tsumo: the dealer, or each
    player for a dealer tsumo), ``additional`` (tsumo: each non-dealer), their
    honba bonuses, ``kyoutaku_bonus``, ``total`` and ``yaku_level``."""

    main: int
    additional: int
    main_bonus: int
    additional_bonus: int
    kyoutaku_bonus: int
    total: int
    yaku_level: str


# (minimum han, level name, base points) for limit hands, highest first
_LIMITS = (
    (65, "5x yakuman", 40000),
    (52, "4x yakuman", 32000),
    (39, "3x yakuman", 24000),
    (26, "2x yakuman", 16000),
    (13, "yakuman", 8000),
    (11, "sanbaiman", 6000),
    (8, "baiman", 4000),
    (6, "haneman", 3000),
    (5, "mangan", 2000),
)


#: han (5..65) -> (level name, base points)
_LIMIT_OF_HAN = {h: next((name, limit) for min_han, name, limit in _LIMITS if h >= min_han) for h in range(5, 66)}


def _up100(x: int) -> int:
    return -(-x // 100) * 100


def _payments(base: int, config, three_player: bool) -> tuple[int, int, int, int, int]:
    if config.is_tsumo:
        main = _up100(2 * base)
        additional = main if config.is_dealer else _up100(base)
        main_bonus = additional_bonus = 100 * config.tsumi_number
    else:
        main = _up100((6 if config.is_dealer else 4) * base)
        additional = additional_bonus = 0
        main_bonus = (200 if three_player else 300) * config.tsumi_number
    kyoutaku = 1000 * config.kyoutaku_number
    total = main + main_bonus + (1 if three_player else 2) * (additional + additional_bonus) + kyoutaku
    return main, additional, main_bonus, additional_bonus, total


class ScoresCalculator:
    """Standard scoring: limits from mangan to 6x yakuman, honba and riichi sticks."""

    @staticmethod
    def calculate_scores(han: int, fu: int, config, is_yakuman: bool = False) -> ScoresResult:
        """Payments of a hand of ``han`` han and ``fu`` fu under ``config``."""
        opts = config.options
        level = ""
        if han >= 13 and not is_yakuman:
            if opts.kazoe_limit == HandConstants.KAZOE_LIMITED:
                han, level = 13, "kazoe yakuman"
            elif opts.kazoe_limit == HandConstants.KAZOE_SANBAIMAN:
                han, level = 12, "kazoe sanbaiman"
        if han >= 5:
            if han >= 78:
                level = "6x yakuman"
                base = 48000 if opts.limit_to_sextuple_yakuman else 48000 + (han - 78) // 13 * 8000
            else:
                found = _LIMIT_OF_HAN.get(min(65, han))
                if found is None:  # not an int han
                    found = next((name, limit) for min_han, name, limit in _LIMITS if han >= min_han)
                level, base = found
        else:
            base = fu * 2 ** (2 + han)
            kiriage = opts.kiriage and ((han == 4 and fu == 30) or (han == 3 and fu == 60))
            if kiriage:
                level = "kiriage mangan"
            elif _up100(base) > 2000:
                # mahjong 2.1.0 leaves the level empty here when kiriage is on (a bug)
                level = "mangan"
            if kiriage or _up100(base) > 2000:
                base = 2000
        main, additional, main_bonus, additional_bonus, total = _payments(base, config, opts.is_three_player)
        if config.is_nagashi_mangan:
            level = "nagashi mangan"
        # a ScoresResult (a TypedDict: a plain dict), written as a literal (calling the class is slower)
        return {"main": main, "additional": additional, "main_bonus": main_bonus,
                "additional_bonus": additional_bonus, "kyoutaku_bonus": 1000 * config.kyoutaku_number,
                "total": total, "yaku_level": level}


class Aotenjou(ScoresCalculator):
    """No limits: ``fu * 2 ** (2 + han)`` for any han; no honba nor sticks; yakuman count as han."""

    @staticmethod
    def calculate_scores(han: int, fu: int, config, is_yakuman: bool = False) -> ScoresResult:
        """Payments without any cap."""
        base = fu * 2 ** (2 + han)
        if config.is_tsumo:
            main = _up100(2 * base)
            additional = main if config.is_dealer else _up100(base)
        else:
            main = _up100((6 if config.is_dealer else 4) * base)
            additional = 0
        return ScoresResult(
            main=main, additional=additional, main_bonus=0, additional_bonus=0,
            kyoutaku_bonus=0, total=main + 2 * additional, yaku_level="",
        )

    @staticmethod
    def aotenjou_filter_yaku(hand_yaku, config) -> None:
        """Remove the yaku a yakuman already contains (shousangen in daisangen, ...), in place."""
        y = config.yaku

        def drop(*items):
            for item in items:
                if item in hand_yaku:
                    hand_yaku.remove(item)

        if y.daisangen in hand_yaku:
            drop(y.chun, y.hatsu, y.haku, y.shosangen)
        if y.tsuisou in hand_yaku:
            drop(y.toitoi, y.honroto)
        if y.daisuushi in hand_yaku:
            drop(y.toitoi)
        if y.suuankou in hand_yaku or y.suuankou_tanki in hand_yaku:
            drop(y.toitoi)
        if y.chinroto in hand_yaku:
            drop(y.toitoi, y.honroto)
        if y.suukantsu in hand_yaku:
            drop(y.toitoi)
        if y.chuuren_poutou in hand_yaku or y.daburu_chuuren_poutou in hand_yaku:
            drop(y.chinitsu)
        if y.daisharin in hand_yaku:
            drop(y.chinitsu, y.pinfu, y.tanyao, y.ryanpeiko, y.chiitoitsu)
        if y.ryuisou in hand_yaku:
            drop(y.honitsu)
