"""Walls: Tenhou's shuffle reproduces every real game; our generator is stable; bad input is ours.

The record check is independent of the package's record readers: it scans the
mjlog tags with regular expressions.  Every initial hand, dice pair, dora
indicator, draw (live and rinshan), kan dora and ura indicator of every hand of
every bundled Tenhou game with a ``SHUFFLE`` seed (four- and three-player) must
be what the wall built from the seed says.
"""

import gzip
import hashlib
import os
import re
from pathlib import Path

import pytest

from riichi_fast import WallError
from riichi_fast.engine import Wall, seeded_wall, tenhou_walls
from riichi_fast.reference.engine import wall as ref

RECORDS = Path(__file__).parents[1] / "data" / "records"
PINNED_DICE = (3, 6)
PINNED_DIGEST = "9be053ae3be8842671b8952564f5ba3d955690f39748d2912aa0dba431402727"
MJLOGS = sorted(p for p in RECORDS.glob("tenhou-mjlog-*/*.mjlog"))
_TAG = re.compile(r"<(\w+)((?:\s+\w+=\"[^\"]*\")*)\s*/?>")
_ATTR = re.compile(r"(\w+)=\"([^\"]*)\"")


def _text(path: Path) -> str:
    raw = path.read_bytes()
    return (gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw).decode()


def _meld_draws_rinshan(code: int) -> bool:
    """Tenhou meld code: chi (bit 2), pon (bit 3) and kakan (bit 4) are flagged; kita is bit 5 of the rest."""
    return not (code & 0x4 or code & 0x8)  # shouminkan (0x10), kita (0x20) or a kan: a rinshan draw follows


def _check_record(path: Path) -> int:
    """Replays the draws of one record against its walls; returns the number of checks made."""
    text = _text(path)
    m = re.search(r"<SHUFFLE seed=\"([^\"]+)\"", text)
    if m is None:
        return 0
    go = re.search(r"<GO type=\"(\d+)\"", text)
    n_players = 3 if go and int(go.group(1)) & 0x10 else 4
    walls = tenhou_walls(m.group(1), n_players)
    checks = 0
    wall = None
    for name, attrs_text in _TAG.findall(text):
        attrs = dict(_ATTR.findall(attrs_text))
        if name == "INIT":
            wall = next(walls)
            seed = [int(v) for v in attrs["seed"].split(",")]
            dealer = int(attrs["oya"])
            assert wall.dice == (seed[3] + 1, seed[4] + 1), path.name
            assert wall.dora_indicators[0] == seed[5], path.name
            hands = wall.haipai(dealer)
            for seat in range(n_players):
                assert sorted(hands[seat]) == sorted(int(t) for t in attrs[f"hai{seat}"].split(",")), path.name
            live = iter(wall.live_tiles)
            rinshan = iter(wall.rinshan_tiles)
            kan_dora = iter(wall.dora_indicators[1:])
            n_live = n_rinshan = 0
            pending_rinshan = False
            checks += 3 + n_players
        elif wall is not None and re.fullmatch(r"[TUVW]\d+", name):
            if pending_rinshan:
                expected = next(rinshan)
                n_rinshan += 1
            else:
                expected = next(live)
                n_live += 1
                assert n_live + n_rinshan <= len(wall.live_tiles), "drew past the end of the live wall"
            assert int(name[1:]) == expected, (path.name, name, pending_rinshan)
            pending_rinshan = False
            checks += 1
        elif name == "N" and wall is not None:
            pending_rinshan = _meld_draws_rinshan(int(attrs["m"]))
        elif name == "DORA":
            assert int(attrs["hai"]) == next(kan_dora), path.name
            checks += 1
        elif name == "RYUUKYOKU" and "type" not in attrs:
            # an exhaustive draw comes exactly when the live wall, shortened by every rinshan draw, is empty
            assert n_live + n_rinshan == len(wall.live_tiles), (path.name, n_live, n_rinshan)
            checks += 1
        elif name == "AGARI":
            dora = [int(v) for v in attrs["doraHai"].split(",")]
            assert dora == list(wall.dora_indicators[: len(dora)]), path.name
            if "doraHaiUra" in attrs:
                ura = [int(v) for v in attrs["doraHaiUra"].split(",")]
                assert ura == list(wall.ura_indicators[: len(ura)]), path.name
            checks += 1
    return checks


# one 2009 record predates the sha512 seeds (shuffle="mt19937ar,..." on INIT): no wall to rebuild
SEEDED = [p for p in MJLOGS if "SHUFFLE seed=\"mt19937ar-sha512" in _text(p)]


@pytest.mark.parametrize("path", SEEDED, ids=[p.name for p in SEEDED])
def test_tenhou_shuffle_reproduces_every_draw(path):
    assert _check_record(path) > 40


def test_every_seeded_record_is_checked():
    seeded = SEEDED
    three = [p for p in seeded if "tenhou-mjlog-3p" in str(p)]
    legacy = [p for p in seeded if "SHUFFLE seed=\"mt19937ar-sha512-n288," in _text(p)]
    assert len(seeded) >= 100 and len(three) == 24 and len(legacy) == 7


def test_wall_layout_on_an_explicit_wall():
    w = Wall(range(136), dice=(2, 5))
    assert w.haipai(0)[0] == (135, 134, 133, 132, 119, 118, 117, 116, 103, 102, 101, 100, 87)
    assert w.haipai(0)[3] == (123, 122, 121, 120, 107, 106, 105, 104, 91, 90, 89, 88, 84)
    assert w.haipai(2)[2] == w.haipai(0)[0]
    assert w.live_tiles == tuple(range(83, 13, -1))
    assert w.rinshan_tiles == (1, 0, 3, 2)
    assert w.dora_indicators == (5, 7, 9, 11, 13) and w.ura_indicators == (4, 6, 8, 10, 12)
    ids3 = [t for t in range(136) if not 4 <= t < 32]
    w3 = Wall(ids3, n_players=3)
    assert w3.dead_wall_size == 14 and len(w3.live_tiles) == 108 - 39 - 14
    assert w3.rinshan_tiles == tuple(ids3[i] for i in (1, 0, 3, 2, 5, 4, 7, 6))
    assert w3.dora_indicators == tuple(ids3[i] for i in (9, 11, 13, 15, 17))
    assert w3.haipai(1)[1][:4] == tuple(ids3[107:103:-1])


def test_the_2009_layout():
    w = Wall(range(136), layout="tenhou2009")
    assert w.rinshan_tiles == (0, 1, 2, 3)
    assert w.dora_indicators == (4, 6, 8, 10, 12) and w.ura_indicators == (5, 7, 9, 11, 13)
    assert w.live_tiles == Wall(range(136)).live_tiles and w != Wall(range(136))


@pytest.mark.parametrize("n_players", [3, 4])
def test_compiled_and_reference_agree(n_players):
    from riichi_fast.engine import _wall

    for seed in (0, 1, 2**63, 2**64 - 1, 987654321):
        for hand in (0, 1, 17):
            assert _wall.seeded_wall(seed, hand, n_players) == ref.seeded_wall(seed, hand, n_players)
    text = _text(MJLOGS[-1])
    seed = re.search(r"<SHUFFLE seed=\"([^\"]+)\"", text).group(1)
    a, b = _wall.TenhouShuffle(seed), ref.TenhouShuffle(seed)
    for _ in range(3):
        assert a.next_wall(n_players) == b.next_wall(n_players)
    assert a.hands == b.hands == 3


def test_sha512_matches_hashlib():
    from riichi_fast.engine import _wall

    for i in range(64):
        msg = hashlib.sha256(bytes([i])).digest() * 4
        assert _wall.sha512_128(msg) == hashlib.sha512(msg).digest() == ref.sha512_128(msg)
    assert _wall.sha512_128(os.urandom(128)) != _wall.sha512_128(bytes(128))


def test_seeded_walls_are_stable_across_versions():
    # Pinned digests: changing the generator breaks every saved seed; do not update these lightly.
    digest = hashlib.sha256(b"".join(seeded_wall(s, h).tiles for s in (0, 1, 42) for h in (0, 1, 2))).hexdigest()
    assert seeded_wall(0).dice == PINNED_DICE
    assert digest == PINNED_DIGEST
    w = seeded_wall(42, 3, n_players=3)
    assert sorted(w.tiles) == [t for t in range(136) if not 4 <= t < 32]


def test_seeded_walls_are_uniform_enough():
    # Every id lands in every position with roughly equal frequency (a broken shuffle would not).
    firsts = [seeded_wall(7, h).tiles[135] for h in range(3000)]
    counts = [firsts.count(t) for t in range(136)]
    assert max(counts) < 60 and min(counts) > 2


@pytest.mark.parametrize(
    "seed, message",
    [
        (123, "a Tenhou seed is a string"),
        ("mt19937ar,ABCD", "unsupported Tenhou seed format 'mt19937ar'"),
        ("mt19937ar-sha512-n288-base64,@@@@", "not valid base64"),
        ("mt19937ar-sha512-n288-base64,AAAA", "holds 2496 bytes (624 words), this one 3"),
        ("mt19937ar-sha512-n288,12,XYZ", "not a list of hexadecimal words"),
        ("mt19937ar-sha512-n288,123456789", "holds at most 8 digits"),
    ],
)
def test_bad_tenhou_seeds(seed, message):
    with pytest.raises(WallError, match=re.escape(message)):
        tenhou_walls(seed)
    with pytest.raises(WallError, match=re.escape(message)):
        ref.TenhouShuffle(seed)


@pytest.mark.parametrize(
    "args, message",
    [
        (([0] * 136,), "tile id 0 appears twice (again at position 1)"),
        ((list(range(135)),), "a four-player wall holds 136 tiles, got 135"),
        ((list(range(108)), (1, 1), 3), "tile id 4 at position 4 is not in a 3-player wall"),
        ((list(range(136)), (0, 1)), "dice must be two ints 1..6"),
        ((list(range(136)), (1, 1), 5), "n_players must be 3 or 4, got 5"),
        (("x",), "a wall is a sequence of tile ids"),
        ((list(range(136)), (1, 1), 4, "mjsoul"), "unknown wall layout 'mjsoul': expected one of tenhou, tenhou2009"),
        ((None,), "a wall is a sequence of tile ids"),
        (([300] + list(range(135)),), "a wall is a sequence of tile ids"),
    ],
)
def test_bad_walls(args, message):
    with pytest.raises(WallError, match=re.escape(message)):
        Wall(*args)


def test_bad_seeded_arguments():
    with pytest.raises(WallError, match="seed must be an int"):
        seeded_wall(-1)
    with pytest.raises(WallError, match="hand must be an int"):
        seeded_wall(1, hand=2**64)
    with pytest.raises(WallError, match="n_players must be 3 or 4"):
        seeded_wall(1, n_players=2)
    with pytest.raises(WallError, match="dealer must be a seat 0..2"):
        seeded_wall(1, n_players=3).haipai(3)


def test_walls_pickle_and_compare():
    import pickle

    w = seeded_wall(5, 2)
    assert pickle.loads(pickle.dumps(w)) == w and hash(w) == hash(Wall(w.tiles, w.dice))


# --------------------------------------------------------------------------- walls a record implies

@pytest.mark.parametrize("path", SEEDED, ids=[p.name for p in SEEDED])
def test_the_wall_a_record_implies_is_the_seeds_wherever_the_record_shows_a_tile(path):
    from riichi_fast.engine.wall import record_wall
    from riichi_fast.records import read_record

    game = read_record(path)
    n = 3 if game.rules.three_player else 4
    walls = tenhou_walls(re.search(r"<SHUFFLE seed=\"([^\"]+)\"", _text(path)).group(1), n)
    checked = 0
    for rnd in game.rounds:
        seeded, implied = next(walls), record_wall(rnd, n)
        shown = {t for h in rnd.initial_hands for t in h} | set(rnd.dora_indicators)
        shown |= {e.tile for e in rnd.events if e.type in ("draw", "dora")}
        shown |= {t for w in rnd.wins for t in w.situation.ura_indicators}
        # the 2009 seeds' dead wall has another order (module doc): there the deal and the live draws only
        first = 0 if seeded.layout == "tenhou" else 14
        for pos in range(first, len(seeded.tiles)):
            if seeded.tiles[pos] in shown:
                assert implied.tiles[pos] == seeded.tiles[pos], (rnd.label, pos)
                checked += 1
        assert sorted(implied.tiles) == sorted(seeded.tiles)  # every tile once
    assert checked > 13 * n * len(game.rounds)


def test_a_record_wall_fills_what_the_record_never_shows_in_id_order():
    from riichi_fast.engine.wall import RecordWallError, record_wall
    from riichi_fast.records import Round
    from riichi_fast.records.model import Event

    w = Wall(range(135, -1, -1))
    hands = w.haipai(dealer=2)
    rnd = Round(0, 0, 2, 2, 0, 0, (25000,) * 4, (w.dora_indicators[0],), hands,
                events=[Event("draw", 2, w.live_tiles[0])])
    implied = record_wall(rnd)
    assert implied.haipai(2) == hands and implied.live_tiles[0] == w.live_tiles[0]
    assert implied.dora_indicators[0] == w.dora_indicators[0] and implied.dice == (1, 1)
    shown = {t for h in hands for t in h} | {w.live_tiles[0], w.dora_indicators[0]}
    rest = [t for t in implied.tiles if t not in shown]
    assert rest == sorted(rest) and len(rest) == 136 - 54
    with pytest.raises(RecordWallError, match=r"the deal is not 13 tiles to each of 4 seats: \[13, 13, 13, 12\]"):
        record_wall(Round(0, 0, 0, 0, 0, 0, (25000,) * 4, (0,), hands[:3] + (hands[3][:12],)))
    three = Round(0, 0, 0, 0, 0, 0, (35000,) * 3, (5,), hands[:3])
    with pytest.raises(RecordWallError, match=r"event -1: dealt to seat 0 is \d+, not a tile of a 3-player game"):
        record_wall(three, 3)
    with pytest.raises(WallError, match="n_players must be 3 or 4, got 5"):
        record_wall(rnd, 5)
