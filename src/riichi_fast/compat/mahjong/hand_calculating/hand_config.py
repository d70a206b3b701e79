"""Win conditions and rule options, as in ``mahjong.hand_calculating.hand_config``.

>>> from riichi_fast.compat.mahjong.constants import EAST
>>> c = HandConfig(is_tsumo=True, player_wind=EAST, options=OptionalRules(has_open_tanyao=True))
>>> c.is_dealer, c.options.has_open_tanyao, c.yaku.riichi.han_closed
(True, True, 1)
"""

from __future__ import annotations

from riichi_fast.compat.mahjong.constants import EAST
from riichi_fast.compat.mahjong.hand_calculating.yaku_config import YakuConfig

__all__ = ["HandConfig", "HandConstants", "OptionalRules"]


def _drop_cache(obj: object, slot: str) -> None:
    """Forget what the compiled scorer derived from an object that just changed (kept in ``slot``)."""
    cached = getattr(obj, slot, None)
    if cached is not None:
        cached.valid = False
        object.__setattr__(obj, slot, None)


class HandConstants:
    """Kazoe (counted yakuman) limit modes."""

    KAZOE_LIMITED = 0
    KAZOE_SANBAIMAN = 1
    KAZOE_NO_LIMIT = 2


class OptionalRules:
    """Rule variants (``mahjong``'s names and defaults).

    ``has_daisharin`` is forced on by ``has_daisharin_other_suits``.  The
    compiled scorer keeps what it derives from the options in a slot of the
    instance (``_rf_opt``, not in ``vars()``, not pickled or copied); setting
    any attribute drops it.
    """

    __slots__ = ("__dict__", "__weakref__", "_rf_opt")

    def __init__(
        self,
        has_open_tanyao: bool = False,
        has_aka_dora: bool = False,
        has_double_yakuman: bool = True,
        kazoe_limit: int = HandConstants.KAZOE_LIMITED,
        kiriage: bool = False,
        fu_for_open_pinfu: bool = True,
        fu_for_pinfu_tsumo: bool = False,
        renhou_as_yakuman: bool = False,
        has_daisharin: bool = False,
        has_daisharin_other_suits: bool = False,
        has_sashikomi_yakuman: bool = False,
        limit_to_sextuple_yakuman: bool = True,
        paarenchan_needs_yaku: bool = True,
        has_daichisei: bool = False,
        is_three_player: bool = False,
    ) -> None:
        d = self.__dict__  # plain stores: __setattr__ (cache drop) is for later changes
        d["has_open_tanyao"] = has_open_tanyao
        d["has_aka_dora"] = has_aka_dora
        d["has_double_yakuman"] = has_double_yakuman
        d["kazoe_limit"] = kazoe_limit
        d["kiriage"] = kiriage
        d["fu_for_open_pinfu"] = fu_for_open_pinfu
        d["fu_for_pinfu_tsumo"] = fu_for_pinfu_tsumo
        d["renhou_as_yakuman"] = renhou_as_yakuman
        d["has_daisharin"] = has_daisharin or has_daisharin_other_suits
        d["has_daisharin_other_suits"] = has_daisharin_other_suits
        d["has_sashikomi_yakuman"] = has_sashikomi_yakuman
        d["limit_to_sextuple_yakuman"] = limit_to_sextuple_yakuman
        d["has_daichisei"] = has_daichisei
        d["paarenchan_needs_yaku"] = paarenchan_needs_yaku
        d["is_three_player"] = is_three_player

    def __setattr__(self, name: str, value: object) -> None:
        super().__setattr__(name, value)
        if name != "_rf_opt":
            _drop_cache(self, "_rf_opt")

    def __getstate__(self) -> dict:
        return self.__dict__  # the scorer's slot is rebuilt on use


class HandConfig(HandConstants):
    """How the hand was won (tsumo, riichi, ...), winds, sticks, counters and options.

    ``yaku`` (a :class:`YakuConfig`) is built on first access, so making a
    config is cheap.  The compiled scorer keeps what it derives from the
    config in a slot of the instance (``_rf_prep``, not in ``vars()``, not
    pickled or copied); setting any attribute (or one of the ``options``)
    drops it.
    """

    __slots__ = ("_rf_prep",)  # __dict__ and __weakref__ come from HandConstants

    def __init__(
        self,
        is_tsumo: bool = False,
        is_riichi: bool = False,
        is_ippatsu: bool = False,
        is_rinshan: bool = False,
        is_chankan: bool = False,
        is_haitei: bool = False,
        is_houtei: bool = False,
        is_daburu_riichi: bool = False,
        is_nagashi_mangan: bool = False,
        is_tenhou: bool = False,
        is_renhou: bool = False,
        is_chiihou: bool = False,
        is_open_riichi: bool = False,
        player_wind: int | None = None,
        round_wind: int | None = None,
        kyoutaku_number: int = 0,
        tsumi_number: int = 0,
        paarenchan: int = 0,
        options: OptionalRules | None = None,
        num_nuki_dora: int = 0,
    ) -> None:
        d = self.__dict__  # plain stores: __setattr__ (cache drop) is for later changes
        d["options"] = options or OptionalRules()
        d["is_tsumo"] = is_tsumo
        d["is_riichi"] = is_riichi
        d["is_ippatsu"] = is_ippatsu
        d["is_rinshan"] = is_rinshan
        d["is_chankan"] = is_chankan
        d["is_haitei"] = is_haitei
        d["is_houtei"] = is_houtei
        d["is_daburu_riichi"] = is_daburu_riichi
        d["is_nagashi_mangan"] = is_nagashi_mangan
        d["is_tenhou"] = is_tenhou
        d["is_renhou"] = is_renhou
        d["is_chiihou"] = is_chiihou
        d["is_open_riichi"] = is_open_riichi
        d["player_wind"] = player_wind
        d["round_wind"] = round_wind
        d["is_dealer"] = player_wind == EAST
        d["paarenchan"] = paarenchan
        d["kyoutaku_number"] = kyoutaku_number
        d["tsumi_number"] = tsumi_number
        d["num_nuki_dora"] = num_nuki_dora

    def __setattr__(self, name: str, value: object) -> None:
        super().__setattr__(name, value)
        if name != "_rf_prep":
            _drop_cache(self, "_rf_prep")

    def __getstate__(self) -> dict:
        return self.__dict__  # the scorer's slot is rebuilt on use

    @property
    def yaku(self) -> YakuConfig:
        """The yaku objects used in results of this config (built once, on first use)."""
        y = self.__dict__.get("_yaku")
        if y is None:
            y = self.__dict__["_yaku"] = YakuConfig()
        return y

    @yaku.setter
    def yaku(self, value: YakuConfig) -> None:
        self.__dict__["_yaku"] = value
