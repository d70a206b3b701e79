"""Seeded random arguments for ``HandCalculator.estimate_hand_value`` (tests and benchmarks).

:func:`random_call` returns one call's arguments as plain data (136-ids, meld
tuples, config and options keyword dicts), so the same call can be made
through ``mahjong`` and through :mod:`riichi_fast.compat.mahjong`.  Hands are
mostly complete (regular with 0-4 melds including kans, some chiitoitsu and
kokushi), biased to one suit and to honors so that rare yaku show up, with
red fives, every HandConfig flag and every OptionalRules option.

>>> import random
>>> call = random_call(random.Random(0))
>>> sorted(call)
['aotenjou', 'config', 'dora', 'melds', 'options', 'tiles', 'ura', 'win_tile']
"""

from __future__ import annotations

import random

__all__ = ["build_args", "random_call"]

_YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _kinds_pool(rng: random.Random) -> list[int]:
    r = rng.random()
    if r < 0.25:  # one suit (+ honors sometimes): chinitsu, honitsu, chuuren, ittsu
        s = rng.randrange(3)
        kinds = list(range(9 * s, 9 * s + 9))
        if rng.random() < 0.5:
            kinds += list(range(27, 34))
        return kinds
    if r < 0.35:  # honors and terminals: honroutou, tsuuiisou, chanta, yakuhai yakuman
        return list(_YAOCHUU) + ([1, 7, 10, 16, 19, 25] if rng.random() < 0.5 else [])
    if r < 0.42:  # green tiles
        return [19, 20, 21, 23, 25, 32]
    if r < 0.5:  # simples
        return [k for k in range(27) if k % 9 not in (0, 8)]
    return list(range(34))


def _regular(rng: random.Random, counts: list[int], n_sets: int, kinds: list[int]) -> list[tuple[str, int]] | None:
    sets = []
    for _ in range(n_sets):
        for _try in range(20):
            if rng.random() < 0.55:
                k = rng.choice(kinds)
                if k < 27 and k % 9 <= 6 and all(counts[k + i] < 4 for i in range(3)):
                    for i in range(3):
                        counts[k + i] += 1
                    sets.append(("seq", k))
                    break
            else:
                k = rng.choice(kinds)
                if counts[k] <= 1:
                    counts[k] += 3
                    sets.append(("trip", k))
                    break
        else:
            return None
    return sets


def random_call(rng: random.Random, three_player: bool = False) -> dict:
    """One random call (see the module docstring).

    ``three_player``: a three-player call: no 2m-8m anywhere (hand, melds, indicators),
    ``is_three_player`` on, 0-4 nuki dora (kita).
    """
    while True:
        call = _try_call(rng)
        if call is None:
            continue
        if three_player:
            call = _three_player(rng, call)
            if call is None:
                continue
        return call


def _three_player(rng: random.Random, call: dict) -> dict | None:
    """``call`` made three-player, or None when its hand holds a 2m-8m."""
    tiles = call["tiles"] + [call["win_tile"]]
    if any(1 <= t // 4 <= 7 for t in tiles):
        return None
    allowed = [t for t in range(136) if not 1 <= t // 4 <= 7]
    call["dora"] = [rng.choice(allowed) for _ in call["dora"]]
    call["ura"] = [rng.choice(allowed) for _ in call["ura"]]
    call["options"]["is_three_player"] = True
    call["config"]["num_nuki_dora"] = rng.choice((0, 0, 1, 1, 2, 3, 4))
    return call


def _try_call(rng: random.Random) -> dict | None:
    kinds = _kinds_pool(rng)
    counts = [0] * 34  # every tile of the hand, melds included
    melds: list[tuple[str, int, bool]] = []  # (type, kind, opened)
    form = rng.random()
    if form < 0.06:  # chiitoitsu
        pairs = rng.sample(kinds if len(kinds) >= 7 else list(range(34)), 7)
        for k in pairs:
            counts[k] += 2
    elif form < 0.09:  # kokushi
        for k in _YAOCHUU:
            counts[k] += 1
        counts[rng.choice(_YAOCHUU)] += 1
    else:
        n_melds = rng.choices((0, 1, 2, 3, 4), (45, 25, 15, 10, 5))[0]
        for _ in range(n_melds):
            t = rng.choices(("chi", "pon", "kan", "ankan", "shouminkan"), (40, 35, 8, 10, 7))[0]
            k = rng.choice(kinds)
            if t == "chi":
                if k >= 27 or k % 9 > 6 or any(counts[k + i] >= 4 for i in range(3)):
                    return None
                for i in range(3):
                    counts[k + i] += 1
                melds.append(("chi", k, True))
            else:
                need = 3 if t == "pon" else 4
                if counts[k]:
                    return None
                counts[k] += need
                melds.append(("kan" if t in ("kan", "ankan") else t, k, t != "ankan"))
        got = _regular(rng, counts, 4 - n_melds, kinds)
        if got is None:
            return None
        k = rng.choice(kinds)
        if counts[k] > 2:
            return None
        counts[k] += 2
    # 136-ids: random copies of each kind (so red fives appear)
    ids_by_kind = {k: rng.sample(range(4 * k, 4 * k + 4), counts[k]) for k in range(34) if counts[k]}
    meld_ids = []
    for t, k, opened in melds:
        if t == "chi":
            tiles = [ids_by_kind[k + i].pop() for i in range(3)]
        else:
            tiles = [ids_by_kind[k].pop() for _ in range(3 if t == "pon" else 4)]
        meld_ids.append((t, tiles, opened))
    closed_ids = [t for ids in ids_by_kind.values() for t in ids]
    if rng.random() < 0.04:  # not complete: swap a closed tile for an unused one
        used = set(closed_ids) | {t for _, tiles, _ in meld_ids for t in tiles}
        closed_ids[rng.randrange(len(closed_ids))] = rng.choice([t for t in range(136) if t not in used])
    all_ids = closed_ids + [t for _, tiles, _ in meld_ids for t in tiles]
    rng.shuffle(all_ids)
    if rng.random() < 0.01 or not closed_ids:
        win = rng.randrange(136)
    else:
        win = rng.choice(closed_ids)
    is_open = any(o for _, _, o in meld_ids)
    closed_hand = not is_open

    def flag(p: float) -> bool:
        return rng.random() < p

    tsumo = flag(0.5)
    cfg = {
        "is_tsumo": tsumo,
        "is_riichi": flag(0.3 if closed_hand else 0.01),
        "is_ippatsu": False,
        "is_rinshan": tsumo and bool(melds) and flag(0.1) or flag(0.005),
        "is_chankan": (not tsumo) and flag(0.04) or flag(0.005),
        "is_haitei": tsumo and flag(0.04) or flag(0.005),
        "is_houtei": (not tsumo) and flag(0.04) or flag(0.005),
        "is_daburu_riichi": flag(0.04 if closed_hand else 0.005),
        "is_nagashi_mangan": flag(0.005),
        "is_tenhou": flag(0.01),
        "is_renhou": flag(0.01),
        "is_chiihou": flag(0.01),
        "is_open_riichi": flag(0.05),
        "player_wind": rng.choice((None, 27, 27, 28, 29, 30, 28, 29, 30)),
        "round_wind": rng.choice((None, 27, 27, 28, 28, 29, 30)),
        "kyoutaku_number": rng.choice((0, 0, 0, 1, 2)),
        "tsumi_number": rng.choice((0, 0, 0, 1, 3)),
        "paarenchan": 0 if rng.random() < 0.97 else rng.choice((1, 2)),
        "num_nuki_dora": 0 if rng.random() < 0.95 else rng.choice((1, 2)),
    }
    cfg["is_ippatsu"] = (cfg["is_riichi"] or cfg["is_daburu_riichi"]) and flag(0.2) or flag(0.005)
    if cfg["is_haitei"] and cfg["is_rinshan"]:
        cfg["is_rinshan"] = flag(0.1)
    opts = {
        "has_open_tanyao": flag(0.6),
        "has_aka_dora": flag(0.6),
        "has_double_yakuman": flag(0.8),
        "kazoe_limit": rng.choice((0, 0, 1, 2)),
        "kiriage": flag(0.3),
        "fu_for_open_pinfu": flag(0.8),
        "fu_for_pinfu_tsumo": flag(0.15),
        "renhou_as_yakuman": flag(0.3),
        "has_daisharin": flag(0.2),
        "has_daisharin_other_suits": flag(0.1),
        "has_sashikomi_yakuman": flag(0.1),
        "limit_to_sextuple_yakuman": flag(0.8),
        "paarenchan_needs_yaku": flag(0.7),
        "has_daichisei": flag(0.2),
        "is_three_player": flag(0.05),
    }
    n_dora = rng.choice((0, 1, 1, 1, 2, 3, 5))
    dora = [rng.randrange(136) for _ in range(n_dora)]
    ura = [rng.randrange(136) for _ in range(rng.choice((0, 1, 1, 2)))]
    return {
        "tiles": all_ids,
        "win_tile": win,
        "melds": meld_ids,
        "dora": dora,
        "ura": ura,
        "config": cfg,
        "options": opts,
        "aotenjou": rng.random() < 0.03,
    }


def build_args(call: dict, mod) -> dict:
    """Keyword arguments of ``estimate_hand_value`` built with the classes of ``mod``.

    ``mod`` is a namespace with ``Meld``, ``HandConfig`` and ``OptionalRules``
    (from ``mahjong`` or from :mod:`riichi_fast.compat.mahjong`).
    """
    melds = [mod.Meld(t, tiles, opened) for t, tiles, opened in call["melds"]]
    config = mod.HandConfig(**call["config"], options=mod.OptionalRules(**call["options"]))
    return {"tiles": call["tiles"], "win_tile": call["win_tile"], "melds": melds,
            "dora_indicators": call["dora"], "config": config, "ura_dora_indicators": call["ura"]}
