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


class HandConstants:
    """Kazoe (counted yakuman) limit modes."""

    KAZOE_LIMITED = 0
    KAZOE_SANBAIMAN = 1
    KAZOE_NO_LIMIT = 2


class OptionalRules:
    """Rule variants (``mahjong``'s names and defaults).

    ``has_daisharin`` is forced on by ``has_daisharin_other_suits``.
    """

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
        self.has_open_tanyao = has_open_tanyao
        self.has_aka_dora = has_aka_dora
        self.has_double_yakuman = has_double_yakuman
        self.kazoe_limit = kazoe_limit
        self.kiriage = kiriage
        self.fu_for_open_pinfu = fu_for_open_pinfu
        self.fu_for_pinfu_tsumo = fu_for_pinfu_tsumo
        self.renhou_as_yakuman = renhou_as_yakuman
        self.has_daisharin = has_daisharin or has_daisharin_other_suits
        self.has_daisharin_other_suits = has_daisharin_other_suits
        self.has_sashikomi_yakuman = has_sashikomi_yakuman
        self.limit_to_sextuple_yakuman = limit_to_sextuple_yakuman
        self.has_daichisei = has_daichisei
        self.paarenchan_needs_yaku = paarenchan_needs_yaku
        self.is_three_player = is_three_player


class HandConfig(HandConstants):
    """How the hand was won (tsumo, riichi, ...), winds, sticks, counters and options.

    ``yaku`` (a :class:`YakuConfig`) is built on first access, so making a
    config is cheap.
    """

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
        self.options = options or OptionalRules()
        self.is_tsumo = is_tsumo
        self.is_riichi = is_riichi
        self.is_ippatsu = is_ippatsu
        self.is_rinshan = is_rinshan
        self.is_chankan = is_chankan
        self.is_haitei = is_haitei
        self.is_houtei = is_houtei
        self.is_daburu_riichi = is_daburu_riichi
        self.is_nagashi_mangan = is_nagashi_mangan
        self.is_tenhou = is_tenhou
        self.is_renhou = is_renhou
        self.is_chiihou = is_chiihou
        self.is_open_riichi = is_open_riichi
        self.player_wind = player_wind
        self.round_wind = round_wind
        self.is_dealer = player_wind == EAST
        self.paarenchan = paarenchan
        self.kyoutaku_number = kyoutaku_number
        self.tsumi_number = tsumi_number
        self.num_nuki_dora = num_nuki_dora

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
