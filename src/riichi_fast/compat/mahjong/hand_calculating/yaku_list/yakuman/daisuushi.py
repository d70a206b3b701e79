"""``DaiSuushii``, at mahjong's path ``mahjong.hand_calculating.yaku_list.yakuman.daisuushi``.

>>> from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.daisuushi import DaiSuushii
>>> DaiSuushii.yaku_id
111
"""

from riichi_fast.compat.mahjong.hand_calculating.yaku import DaiSuushii, Yaku

__all__ = ["DaiSuushii", "Yaku"]
