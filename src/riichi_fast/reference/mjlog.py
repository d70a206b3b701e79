"""Pure-Python twin of ``riichi_fast._mjlog``: the full reader and verifier, summarised.

``verify_mjlog`` answers what the compiled fast path answers: ``(0, rounds,
wins, draws)`` when the four-player mjlog verifies with everything matched
(every win re-scored, every win and draw settled, every next table, the
final scores and placements), else ``(1, 0, 0, 0)``.  The compiled path
leaves to the full verifier what it does not cover (three players, a
nagashi mangan draw nobody qualifies for, three ron, tags it does not know);
so does the twin.

``params`` are the rules rows the compiled path scores with (built by
:func:`riichi_fast.records.fast.params_rows` from the same rules as the
settings below); the twin scores through the public API with the ``tenhou``
preset adjusted to those settings and to the game's flags, which gives the
same rows.
"""

from __future__ import annotations

import re

from riichi_fast.errors import RiichiError

_KNOWN = re.compile(rb"<(?!/|\?|!)(?!(?:mjloggm|SHUFFLE|GO|UN|TAIKYOKU|INIT|N|REACH|DORA|AGARI|"
                    rb"RYUUKYOKU|BYE|[TUVWDEFG]\d+)[\s/>])")

_ABORTIVE = ("kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "sanchahou", "suukaikan")


def verify_mjlog(data, params, honba_value=300, noten_payment=3000, abortive_mask=62,
                 adds_counter=True, counters_all=False, nagashi=True, pao_mask=0,
                 pao_honba_liable=True, start_points=25000):
    """Verify one mjlog (XML bytes, four players); see the module docstring.

    >>> verify_mjlog(b"<mjloggm></mjloggm>", None)
    (1, 0, 0, 0)
    """
    from riichi_fast.records import parse_mjlog
    from riichi_fast.records.model import DrawKind
    from riichi_fast.records.verify import rules_for_game, verify_game
    from riichi_fast.rules import config

    data = bytes(data)
    if _KNOWN.search(data):
        return (1, 0, 0, 0)
    try:
        game = parse_mjlog(data)
    except RiichiError:
        return (1, 0, 0, 0)
    if game.rules.three_player \
            or any(d.kind == DrawKind.NAGASHI_MANGAN and not d.nagashi for d in game.draws) \
            or any(len(r.wins) >= 3 for r in game.rounds):
        return (1, 0, 0, 0)
    from riichi_fast.rules.yaku import YAKU

    pao = frozenset(y.name.replace(" ", "_") for y in YAKU.values() if pao_mask >> y.id & 1)
    allowed = frozenset(k for i, k in enumerate(_ABORTIVE, 1) if abortive_mask >> i & 1)
    base = config.TENHOU.replace(
        honba_value=honba_value, noten_payment=noten_payment,
        abortive_draws=allowed - {"sanchahou"}, triple_ron_aborts="sanchahou" in allowed,
        abortive_draw_adds_counter=bool(adds_counter),
        multiple_ron_counters="all" if counters_all else "nearest", nagashi_mangan=bool(nagashi),
        pao=pao, pao_honba="liable" if pao_honba_liable else "discarder", start_points=start_points)
    report = verify_game(game, rules_for_game(game, base))
    if not report.ok:
        return (1, 0, 0, 0)
    return (0, report.rounds, report.n_wins, len(report.draws))
