"""``riichi_fast.compat.mahjong`` yaku objects against mahjong 2.1.0's.

Every yaku's ``is_condition_met`` is called through both packages on the same
decompositions (``mahjong``'s ``HandDivider.divide_hand`` of seeded random
complete hands, biased to honors, one suit, seven pairs and yakuman shapes;
the compat side gets the compat divider's equal output) with the same random
extra arguments; the one-file-per-yaku module paths, the
signatures and the attributes are compared too.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import random
from collections import Counter

import pytest

mahjong = pytest.importorskip("mahjong")

import mahjong.hand_calculating.yaku_list as m_yaku_list
from mahjong.hand_calculating.divider import HandDivider
from mahjong.hand_calculating.yaku import Yaku as MYaku
from mahjong.hand_calculating.yaku_config import YAKU_ID_TO_TENHOU_ID as M_TENHOU
from mahjong.hand_calculating.yaku_config import YakuConfig as MYakuConfig
from mahjong.meld import Meld as MMeld

from riichi_fast.compat.mahjong.hand_calculating import yaku as c_yaku
from riichi_fast.compat.mahjong.hand_calculating.divider import HandDivider as CHandDivider
from riichi_fast.compat.mahjong.hand_calculating.yaku_config import YAKU_ID_TO_TENHOU_ID as C_TENHOU
from riichi_fast.compat.mahjong.hand_calculating.yaku_config import YakuConfig as CYakuConfig
from riichi_fast.compat.mahjong.meld import Meld as CMeld

PREFIX = "riichi_fast.compat."
YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
GREEN = (19, 20, 21, 23, 25, 32)


def _mahjong_yaku_modules() -> dict[str, type]:
    """mahjong module name -> the yaku class it defines, for every file under ``yaku_list``."""
    out = {}
    for info in pkgutil.walk_packages(m_yaku_list.__path__, m_yaku_list.__name__ + "."):
        if info.ispkg:
            continue
        mod = importlib.import_module(info.name)
        (cls,) = [v for v in vars(mod).values()
                  if inspect.isclass(v) and issubclass(v, MYaku) and v.__module__ == mod.__name__]
        out[info.name] = cls
    return out


M_MODULES = _mahjong_yaku_modules()
M_CLASSES = {cls.__name__: cls for cls in M_MODULES.values()}


def test_every_yaku_list_module_path_imports_under_the_compat_prefix():
    assert len(M_MODULES) == 63
    for pkg in ("mahjong.hand_calculating.yaku_list", "mahjong.hand_calculating.yaku_list.yakuman"):
        m_pkg, c_pkg = importlib.import_module(pkg), importlib.import_module(PREFIX + pkg)
        assert sorted(c_pkg.__all__) == sorted(m_pkg.__all__)
        for name in m_pkg.__all__:
            assert getattr(c_pkg, name) is getattr(c_yaku, name)
    for name, m_cls in M_MODULES.items():
        m_mod, c_mod = importlib.import_module(name), importlib.import_module(PREFIX + name)
        m_classes = {n for n, v in vars(m_mod).items()
                     if inspect.isclass(v) and v.__module__.startswith("mahjong.") and not n.startswith("_")}
        c_classes = {n for n, v in vars(c_mod).items() if inspect.isclass(v) and not n.startswith("_")}
        assert m_classes <= c_classes, name
        assert getattr(c_mod, m_cls.__name__) is getattr(c_yaku, m_cls.__name__)
        assert issubclass(getattr(c_mod, m_cls.__name__), c_yaku.Yaku)
        # as in mahjong, the package exposes the submodule as an attribute
        parent, _, leaf = (PREFIX + name).rpartition(".")
        assert getattr(importlib.import_module(parent), leaf) is c_mod
    from riichi_fast.compat.mahjong.hand_calculating.yaku_list.tanyao import Tanyao
    from riichi_fast.compat.mahjong.hand_calculating.yaku_list.yakuman.kokushi import KokushiMusou

    assert (Tanyao.yaku_id, KokushiMusou.yaku_id) == (13, 100)


def test_attributes_and_signatures_equal_for_every_yaku():
    assert len(M_CLASSES) == 63
    for name, m_cls in M_CLASSES.items():
        c_cls = getattr(c_yaku, name)
        m, c = m_cls(), c_cls()
        for attr in ("yaku_id", "name", "han_open", "han_closed", "is_yakuman"):
            assert getattr(c, attr) == getattr(m, attr), (name, attr)
            assert type(getattr(c, attr)) is type(getattr(m, attr)), (name, attr)
        assert (str(c), repr(c)) == (str(m), repr(m)), name
        assert M_TENHOU.get(m.yaku_id) == C_TENHOU.get(c.yaku_id), name
        m_params = [(p.name, p.kind) for p in inspect.signature(m_cls.is_condition_met).parameters.values()]
        c_params = [(p.name, p.kind) for p in inspect.signature(c_cls.is_condition_met).parameters.values()]
        assert c_params == m_params, name
        m_public = {a for a in dir(m_cls) if not a.startswith("_")}
        c_public = {a for a in dir(c_cls) if not a.startswith("_")}
        assert m_public <= c_public, (name, m_public - c_public)
    assert C_TENHOU == M_TENHOU
    m_cfg, c_cfg = MYakuConfig(), CYakuConfig()
    for attr, obj in vars(m_cfg).items():
        assert type(getattr(c_cfg, attr)).__name__ == type(obj).__name__, attr
    with pytest.raises(TypeError):
        c_yaku.Yaku()  # abstract, as mahjong's
    with pytest.raises(TypeError):
        MYaku()


def test_named_set_methods_match_mahjong():
    for setter, name in (("set_man", "Daisuurin"), ("set_sou", "Daichikurin"), ("set_pin", "Daisharin")):
        m, c = M_CLASSES["Daisharin"](), c_yaku.Daisharin()
        getattr(m, setter)()
        getattr(c, setter)()
        assert c.name == m.name == name
    for first, name in ((1, "Daisuurin"), (10, "Daisharin"), (19, "Daichikurin"), (27, "Daisuurin")):
        m, c = M_CLASSES["Daisharin"](), c_yaku.Daisharin()
        m.rename([[first, first]])
        c.rename([[first, first]])
        assert c.name == m.name == name
    m, c = M_CLASSES["Paarenchan"](), c_yaku.Paarenchan()
    m.set_paarenchan_count(2)
    c.set_paarenchan_count(2)
    assert (c.count, str(c), c.han_open, c.han_closed) == (m.count, str(m), m.han_open, m.han_closed) \
        == (2, "Paarenchan 2", 26, 26)


# ---------------------------------------------------------------------------
# random complete hands


def _pool(rng: random.Random) -> list[int]:
    r = rng.random()
    if r < 0.3:  # one suit, sometimes with honors
        s = rng.randrange(3)
        kinds = list(range(9 * s, 9 * s + 9))
        return kinds + list(range(27, 34)) if rng.random() < 0.4 else kinds
    if r < 0.45:
        return list(YAOCHUU) + ([1, 7, 10, 16, 19, 25] if rng.random() < 0.5 else [])
    if r < 0.52:
        return list(GREEN)
    if r < 0.56:
        return list(range(27, 34)) + rng.sample(range(27), 3)
    if r < 0.6:
        return [0, 8, 9, 17, 18, 26] + ([27, 28, 29, 30] if rng.random() < 0.3 else [])
    if r < 0.62:
        return [27, 28, 29, 30] + rng.sample(range(34), 2)
    if r < 0.7:
        return [k for k in range(27) if k % 9 not in (0, 8)]
    return list(range(34))


def _regular(rng: random.Random, pool: list[int]):
    """Four groups and a pair from ``pool`` as a count array, and the groups (kind lists)."""
    for _ in range(100):
        counts = [0] * 34
        groups = []
        for _ in range(4):
            k = rng.choice(pool)
            if k < 27 and k % 9 <= 6 and k + 1 in pool and k + 2 in pool and rng.random() < 0.55:
                g = [k, k + 1, k + 2]
            else:
                g = [k, k, k]
            groups.append(g)
            for t in g:
                counts[t] += 1
        pair = rng.choice(pool)
        counts[pair] += 2
        if max(counts) <= 4:
            return counts, groups
    return None, None


def _patterned(rng: random.Random):
    """Outside hands (junchan, chantai) and three-suit hands (sanshoku, sanshoku doukou, ittsu)."""
    r = rng.random()
    if r < 0.25:  # big winds, little winds, big dragons
        kinds = rng.sample((27, 28, 29, 30), 4) if rng.random() < 0.6 else rng.sample((31, 32, 33), 3)
        n = 3 if len(kinds) == 3 or rng.random() < 0.6 else 4
        groups = [[k] * 3 for k in kinds[:n]]
        k = rng.randrange(34)
        groups += [[k, k + 1, k + 2] if k < 27 and k % 9 <= 6 else [k] * 3 for _ in range(4 - n)]
        pair = kinds[3] if len(kinds) == 4 and n == 3 and rng.random() < 0.7 else rng.randrange(34)
    elif r < 0.6:  # every group holds a terminal (or an honor)
        honors = rng.random() < 0.5
        choices = [[9 * s + o, 9 * s + o + 1, 9 * s + o + 2] for s in range(3) for o in (0, 6)]
        choices += [[k, k, k] for k in (0, 8, 9, 17, 18, 26)] + ([[k, k, k] for k in range(27, 34)] if honors else [])
        groups = [list(rng.choice(choices)) for _ in range(4)]
        pair = rng.choice((0, 8, 9, 17, 18, 26) + ((27, 31) if honors else ()))
    else:  # the same rank in three suits, plus one group
        rank = rng.randrange(7 if rng.random() < 0.6 else 9)
        chi = rank <= 6 and rng.random() < 0.6
        groups = [[9 * s + rank + i for i in range(3)] if chi else [9 * s + rank] * 3 for s in range(3)]
        k = rng.randrange(34)
        groups.append([k, k + 1, k + 2] if k < 27 and k % 9 <= 6 and rng.random() < 0.5 else [k] * 3)
        pair = rng.randrange(34)
    counts = [0] * 34
    for g in groups:
        for t in g:
            counts[t] += 1
    counts[pair] += 2
    return (counts, groups) if max(counts) <= 4 else (None, None)


def _special(rng: random.Random):
    """Seven pairs, daisharin, chuuren or kokushi shapes (counts only)."""
    counts = [0] * 34
    r = rng.random()
    if r < 0.4:
        pool = _pool(rng) if rng.random() < 0.85 else list(range(27, 34))
        for k in rng.sample(pool if len(pool) >= 7 and rng.random() < 0.6 else range(34), 7):
            counts[k] += 2
    elif r < 0.6:
        s = rng.randrange(3)
        for k in range(9 * s + 1, 9 * s + 8):
            counts[k] = 2
    elif r < 0.8:
        s = rng.randrange(3)
        for rank, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)):
            counts[9 * s + rank] = n
        counts[9 * s + rng.randrange(9)] += 1
    else:
        for k in YAOCHUU:
            counts[k] = 1
        counts[rng.choice(YAOCHUU)] += 1
    return counts


def _melds(rng: random.Random, groups: list[list[int]], counts: list[int]):
    """Declare some of the groups as melds (chi, pon, kan, shouminkan, closed kan): (type, kinds, opened)."""
    out = []
    for g in groups:
        if rng.random() < 0.7:
            continue
        if g[0] != g[1]:
            out.append(("chi", g, True))
        else:
            kind = rng.random()
            if kind < 0.45:
                out.append(("pon", g, True))
            else:
                counts[g[0]] += 1
                mtype = "shouminkan" if kind < 0.6 else "kan"
                out.append((mtype, [g[0]] * 4, mtype == "shouminkan" or kind < 0.8))
    return out


def _make_melds(cls, specs, seen=None):
    used = Counter() if seen is None else seen
    melds = []
    for mtype, kinds, opened in specs:
        tiles = []
        for k in kinds:
            tiles.append(k * 4 + used[k] % 4)
            used[k] += 1
        melds.append(cls(meld_type=mtype, tiles=tiles, opened=opened))
    return melds


def _random_meld_specs(rng: random.Random):
    """Melds unrelated to the hand (for the kan counters)."""
    specs = []
    for _ in range(rng.randrange(5)):
        k = rng.randrange(34)
        mtype = rng.choice(("chi", "pon", "kan", "kan", "shouminkan", "nuki"))
        kinds = [k, k + 1, k + 2] if mtype == "chi" and k < 27 and k % 9 <= 6 else [k] * (4 if "kan" in mtype else 3)
        specs.append((mtype if mtype != "chi" or kinds[0] != kinds[1] else "pon", kinds, rng.random() < 0.8))
    return specs


WINDS = (27, 28, 29, 30, 27, 28, 29, 30, None, 31, 0)


def _args(rng: random.Random, name: str, hand, ctx):
    """The extra arguments for one call, as (mahjong args, compat args)."""
    if name.startswith(("SeatWind", "RoundWind")):
        a = (rng.choice(WINDS),)
        return a, a
    if name in ("Sanankou", "Suuankou"):
        if rng.random() < 0.85:
            win = rng.choice([t for g in hand for t in g]) * 4 + rng.randrange(4)
        else:
            win = rng.randrange(136)
        tsumo = rng.random() < 0.4
        if name == "Suuankou":
            return (win, tsumo), (win, tsumo)
        return (win, ctx["m_melds"], tsumo), (win, ctx["c_melds"], tsumo)
    if name in ("SanKantsu", "Suukantsu"):
        if rng.random() < 0.5:
            return (ctx["m_melds"],), (ctx["c_melds"],)
        specs = _random_meld_specs(rng)
        return (_make_melds(MMeld, specs),), (_make_melds(CMeld, specs),)
    if name == "KokushiMusou":
        return (ctx["tiles_34"],), (list(ctx["tiles_34"]),)
    if name == "Daisharin":
        a = (rng.random() < 0.5,)
        return a, a
    extra = tuple(rng.choice((None, 0, 27, True, "x")) for _ in range(rng.randrange(3)))
    return extra, extra


def _cases(seed: int, n_hands: int):
    """Yield (tiles_34, mahjong's decomposition or None, compat's, ctx) for seeded random complete hands."""
    rng = random.Random(seed)
    for _ in range(n_hands):
        specs = []
        if rng.random() < 0.22:
            counts = _special(rng)
            if counts is None:
                continue
        else:
            counts, groups = _patterned(rng) if rng.random() < 0.2 else _regular(rng, _pool(rng))
            if counts is None:
                continue
            specs = _melds(rng, groups, counts)
        m_melds = _make_melds(MMeld, specs)
        ctx = {"tiles_34": counts, "m_melds": m_melds, "c_melds": _make_melds(CMeld, specs)}
        hands = HandDivider.divide_hand(counts, m_melds)
        c_hands = CHandDivider.divide_hand(list(counts), ctx["c_melds"])
        assert c_hands == hands, counts
        if not hands:
            yield counts, None, None, ctx
        for hand, c_hand in zip(hands, c_hands):
            yield counts, hand, c_hand, ctx


def test_is_condition_met_matches_mahjong_on_random_decompositions():
    rng = random.Random(20261129)
    names = sorted(M_CLASSES)
    m_objs = {n: M_CLASSES[n]() for n in names}
    c_objs = {n: getattr(c_yaku, n)() for n in names}
    calls, trues = Counter(), Counter()
    for _tiles_34, hand, c_hand, ctx in _cases(7, 2600):
        for name in names:
            if hand is None and name != "KokushiMusou":
                continue
            for _ in range(2):
                m_args, c_args = _args(rng, name, hand or [], ctx)
                expected = m_objs[name].is_condition_met(hand, *m_args)
                got = c_objs[name].is_condition_met(c_hand, *c_args)
                assert got is expected or (got == expected and type(got) is bool), (name, hand, m_args)
                calls[name] += 1
                trues[name] += bool(expected)
    assert min(calls.values()) >= 3000, calls.most_common()[-3:]
    assert len(calls) == 63
    # every hand-reading yaku was seen both true and false
    situational = {n for n in names if c_yaku._PREDICATES.get(n) is None}
    for name in names:
        if name not in situational:
            assert 5 <= trues[name] < calls[name], (name, trues[name], calls[name])
        else:
            assert trues[name] == calls[name], name


def test_is_condition_met_on_tuples_and_given_examples():
    """Inputs as tuples work as in mahjong, and a few hand-checked answers."""
    hand = ((1, 2, 3), (10, 11, 12), (19, 20, 21), (4, 4, 4), (7, 7))
    for name in ("Tanyao", "Sanshoku", "Toitoi", "Chantai", "Iipeiko"):
        assert getattr(c_yaku, name)().is_condition_met(hand) == M_CLASSES[name]().is_condition_met(hand)
    assert c_yaku.Sanshoku().is_condition_met(hand) is True
    assert c_yaku.Toitoi().is_condition_met(hand) is False
    chuuren = [[0, 0, 0], [1, 2, 3], [4, 5, 6], [7, 8, 8], [8, 8]]  # 1112345678999m + 9m: tiles are counted
    assert c_yaku.ChuurenPoutou().is_condition_met(chuuren) is True
    assert M_CLASSES["ChuurenPoutou"]().is_condition_met(chuuren) is True
    chuuren = [[0, 0, 0], [1, 2, 3], [4, 5, 6], [6, 7, 8], [8, 8, 8]]  # a 7m and a 9m too many
    assert c_yaku.ChuurenPoutou().is_condition_met(chuuren) is False
    kokushi = [1 if k in YAOCHUU else 0 for k in range(34)]
    kokushi[33] = 2
    assert c_yaku.KokushiMusou().is_condition_met(None, kokushi) is True
    assert c_yaku.Suuankou().is_condition_met([[0, 0, 0], [5, 5, 5], [9, 9, 9], [27, 27, 27], [3, 3]], 0, False) \
        is False
    assert c_yaku.Suuankou().is_condition_met([[0, 0, 0], [5, 5, 5], [9, 9, 9], [27, 27, 27], [3, 3]], 12, False) \
        is True


def test_documented_differences_from_the_rules_follow_mahjong():
    """The standalone answers ``yaku.py``'s docstring lists, through both packages."""

    def both(name, *args):
        m = M_CLASSES[name]().is_condition_met(*args)
        c = getattr(c_yaku, name)().is_condition_met(*args)
        assert c is m, name
        return c

    terminal_only = [[0, 1, 2], [6, 7, 8], [9, 9, 9], [18, 18, 18], [26, 26]]  # 123m 789m 111p 111s 99s
    assert (both("Chantai", terminal_only), both("Junchan", terminal_only)) == (False, True)
    assert both("Chantai", [[0, 1, 2], [6, 7, 8], [9, 9, 9], [27, 27, 27], [26, 26]]) is True
    ryanpeiko = [[0, 1, 2], [0, 1, 2], [3, 4, 5], [3, 4, 5], [9, 9]]
    assert (both("Iipeiko", ryanpeiko), both("Ryanpeikou", ryanpeiko)) == (True, True)
    daisangen = [[31, 31, 31], [32, 32, 32], [33, 33, 33], [0, 1, 2], [5, 5]]
    assert (both("Shosangen", daisangen), both("Daisangen", daisangen)) == (True, True)
    chinroto = [[0, 0, 0], [8, 8, 8], [9, 9, 9], [17, 17, 17], [18, 18]]
    assert (both("Honroto", chinroto), both("Chinroutou", chinroto)) == (True, True)
    assert both("Tsuuiisou", [[27, 27, 27], [28, 28, 28], [31, 31, 31], [32, 32, 32], [33, 33]]) is True
    # ron on 3m: the 3m triplet stays concealed when the concealed 123m chi can take the win tile
    with_chi = [[2, 2, 2], [5, 5, 5], [9, 9, 9], [1, 2, 3], [20, 20]]
    assert both("Sanankou", with_chi, 2 * 4, [], False) is True
    without_chi = [[2, 2, 2], [5, 5, 5], [9, 9, 9], [20, 21, 22], [27, 27]]
    assert both("Sanankou", without_chi, 2 * 4, [], False) is False
    assert both("Sanankou", without_chi, 2 * 4, [], True) is True
    # the kan counters read the melds only, kokushi the counts only, situational yaku say True
    kans = [CMeld(CMeld.KAN, [k * 4 + i for i in range(4)], opened=False) for k in (0, 9, 18)]
    assert c_yaku.SanKantsu().is_condition_met([], kans) is True
    assert c_yaku.Suukantsu().is_condition_met([], kans) is False
    assert both("Riichi", [], 1, 2) is True and both("Chankan", []) is True
