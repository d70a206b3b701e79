"""``riichi_fast.compat.mahjong`` has every module-level name of ``mahjong`` 2.1.0, module by module.

For each module of the installed ``mahjong`` (``mahjong.tile``, ``.meld``,
``.constants``, ``.utils``, ``.shanten``, ``.agari``, ``.hand_calculating.*``,
every ``yaku_list`` module), ``dir()`` of ours holds every name of
``dir()`` of mahjong's, underscore helpers included, and each shared name is
the same kind of thing: the same object for what both import from the
standard library, an equal value for data, our module / class / function of
the same name (functions with the same parameter names) for mahjong's own.
What the names do is compared with mahjong in ``tests/compat/test_diff.py``
(and ``test_private_helpers_match_mahjong`` below).
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import random
import types

import pytest

mahjong = pytest.importorskip("mahjong")

MODULES = ["mahjong"] + [m.name for m in pkgutil.walk_packages(mahjong.__path__, "mahjong.")]


@pytest.fixture(scope="module")
def pairs():
    """(mahjong module, our module) for every module, all imported first (submodule attributes)."""
    theirs = [importlib.import_module(n) for n in MODULES]
    ours = [importlib.import_module("riichi_fast.compat." + n) for n in MODULES]
    return list(zip(theirs, ours, strict=True))


def test_every_mahjong_module_is_mirrored(pairs):
    assert len(pairs) == len(MODULES) > 80
    for theirs, ours in pairs:
        assert ours.__name__ == "riichi_fast.compat." + theirs.__name__


def test_dir_holds_every_mahjong_name(pairs):
    missing = {t.__name__: sorted(set(dir(t)) - set(dir(o))) for t, o in pairs}
    assert {k: v for k, v in missing.items() if v} == {}


def _own(value) -> bool:
    return getattr(value, "__module__", "").split(".")[0] == "mahjong"


@pytest.mark.parametrize("name", MODULES)
def test_shared_names_are_the_same_kind_of_thing(pairs, name):
    theirs, ours = next(p for p in pairs if p[0].__name__ == name)
    for attr in dir(theirs):
        if attr.startswith("__") and attr.endswith("__"):
            continue
        a, b = getattr(theirs, attr), getattr(ours, attr)
        where = f"{name}.{attr}"
        if isinstance(a, types.ModuleType):
            assert isinstance(b, types.ModuleType) and b.__name__ == "riichi_fast.compat." + a.__name__, where
        elif isinstance(a, types.GenericAlias):
            assert isinstance(b, types.GenericAlias) and a.__origin__ is b.__origin__, where
            assert [x.__name__ for x in a.__args__ if x is not Ellipsis] == [
                x.__name__ for x in b.__args__ if x is not Ellipsis], where
        elif inspect.isclass(a) and _own(a):
            assert inspect.isclass(b) and b.__name__ == a.__name__, where
            public = {n for n in dir(a) if not n.startswith("_")}
            assert public <= set(dir(b)), (where, sorted(public - set(dir(b))))
        elif callable(a) and _own(a):
            assert callable(b) and b.__name__ == a.__name__, where
            assert list(inspect.signature(b).parameters) == list(inspect.signature(a).parameters), where
        elif callable(a) or inspect.isclass(a):  # imported from the standard library
            assert b is a, where
        else:  # data: constants, tables
            assert b == a, where


def test_private_helpers_match_mahjong():
    """mahjong's underscore helpers, called on the same inputs."""
    from mahjong import utils as mu
    from mahjong.hand_calculating import divider as md
    from mahjong.hand_calculating import fu as mf
    from mahjong.hand_calculating import hand as mh
    from mahjong.meld import Meld as MMeld
    from mahjong.tile import TilesConverter as MT

    from riichi_fast.compat.mahjong import utils as cu
    from riichi_fast.compat.mahjong.hand_calculating import divider as cd
    from riichi_fast.compat.mahjong.hand_calculating import fu as cf
    from riichi_fast.compat.mahjong.hand_calculating import hand as ch
    from riichi_fast.compat.mahjong.hand_calculating.yaku_config import YakuConfig
    from riichi_fast.compat.mahjong.meld import Meld as CMeld
    from riichi_fast.compat.mahjong.tile import TilesConverter as CT

    for k in range(40):
        for three in (False, True):
            assert cu._indicator_to_dora_34(k, three) == mu._indicator_to_dora_34(k, three), (k, three)
    assert (cf._IS_TERMINAL_OR_HONOR, cf._OPENED, cf._IS_KAN) == (mf._IS_TERMINAL_OR_HONOR, mf._OPENED, mf._IS_KAN)
    assert ch._ALL_SUITS_MASK == mh._ALL_SUITS_MASK
    rng = random.Random(41)
    y = YakuConfig()
    for _ in range(200):
        hand = {
            "cost": None if rng.random() < 0.2 else {"total": rng.choice((1000, 8000, 32000))},
            "error": None,
            "hand_yaku": rng.sample([y.riichi, y.tanyao, y.kokushi, y.chinitsu], rng.randrange(3)),
            "han": rng.randrange(14),
            "fu": rng.choice((20, 30, 40)),
            "fu_details": [],
        }
        assert ch._hand_priority(hand) == mh._hand_priority(hand)
    for ty in ("chi", "pon", "kan", "shouminkan", "nuki", None):
        tiles = [8, 12, 16] if ty == "chi" else [120, 121, 122, 123]
        got = []
        for meld_cls, mod in ((MMeld, md), (CMeld, cd)):
            try:
                block = mod._Block.from_meld(meld_cls(ty, tiles))
                got.append((block.tile_34, int(block.ty), block.ty.name, block.tiles_34))
            except RuntimeError as e:
                got.append(("RuntimeError", str(e)))
        assert got[0] == got[1], ty
    blocks = [(k, t) for k in (0, 5, 26, 33) for t in range(4)]
    assert sorted(cd._Block(k, cd._BlockType(t)) for k, t in blocks) == sorted(
        cd._Block(k, cd._BlockType(t)) for k, t in reversed(blocks))
    assert [(b.tile_34, int(b.ty), b.tiles_34) for b in sorted(md._Block(k, md._BlockType(t)) for k, t in blocks)] == [
        (b.tile_34, int(b.ty), b.tiles_34) for b in sorted(cd._Block(k, cd._BlockType(t)) for k, t in blocks)]
    for text in ("", "505", "12345678900", "5555", "r5r"):
        for offset, red in ((0, 16), (36, 52), (72, 88), (108, None), (0, None)):
            if "r" in text and red is None:
                continue
            assert CT._split_string(text, offset, red) == MT._split_string(text, offset, red), (text, offset, red)


def test_private_class_helpers_match_mahjong():
    """The small private helpers of mahjong's classes (its search internals are the kernels here)."""
    from mahjong.hand_calculating.divider import HandDivider as MD
    from mahjong.hand_calculating.divider import _Block as MBlock
    from mahjong.hand_calculating.fu import FuCalculator as MF
    from mahjong.hand_calculating.hand import HandCalculator as MH
    from mahjong.meld import Meld as MMeld

    from riichi_fast.compat.mahjong.hand_calculating.divider import HandDivider as CD
    from riichi_fast.compat.mahjong.hand_calculating.divider import _Block as CBlock
    from riichi_fast.compat.mahjong.hand_calculating.fu import FuCalculator as CF
    from riichi_fast.compat.mahjong.hand_calculating.hand import HandCalculator as CH
    from riichi_fast.compat.mahjong.meld import Meld as CMeld

    assert CF._PON_KAN_FU_TABLE == MF._PON_KAN_FU_TABLE
    rng = random.Random(61)
    for _ in range(3000):
        hand = [[k] * rng.choice((2, 3)) if rng.random() < 0.5 else [k, k + 1, k + 2]
                for k in (rng.randrange(7) for _ in range(5))]
        opened = rng.sample(hand, rng.randrange(3)) + ([[1, 1, 1]] if rng.random() < 0.2 else [])
        win = rng.choice((None, 0, 4, 8, 12, 16, 20, 27))
        assert CH._find_win_groups(win, hand, opened) == MH._find_win_groups(win, hand, opened), (win, hand, opened)
        counts = [rng.choice((0, 0, 1, 2, 3, 4, 5, -1)) for _ in range(34)]
        assert CD._validate_tiles(counts) == MD._validate_tiles(counts)
        k = rng.randrange(7)
        spec = rng.choice([("chi", [4 * k, 4 * k + 4, 4 * k + 8]), ("pon", [4 * k] * 3), ("kan", [4 * k] * 4)])
        m_blocks = MD._melds_to_blocks([MMeld(*spec)])
        c_blocks = CD._melds_to_blocks([CMeld(*spec)])
        assert [(b.tile_34, int(b.ty)) for b in c_blocks] == [(b.tile_34, int(b.ty)) for b in m_blocks]
        assert CD._get_pure_hand(counts, c_blocks) == MD._get_pure_hand(counts, m_blocks)
    assert CD._melds_to_blocks(None) == MD._melds_to_blocks(None) == ()
    assert isinstance(CBlock(0, 1), CBlock) and not isinstance(CBlock(0, 1), MBlock)
