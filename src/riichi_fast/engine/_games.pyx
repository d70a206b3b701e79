# Many hands and whole games on CTables, the loops in C: VecEnv's batched write of many tables,
# batched random play (the random legal agent, the GIL held between hands) and whole games of the built-in agents (_agents.pyx) on native
# threads without the GIL, settled in C.  Their specification: riichi_fast.engine.game (play_game,
# game_over, final_standing) and riichi_fast.engine.selfplay (play) with the Python agents: the same
# games from the same seeds (tests/engine/test_table_twins.py).

from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memset

from riichi_fast.engine._actions cimport N_ACTIONS, Act
from riichi_fast.engine._agents cimport _agent_step, _splitmix64
from riichi_fast.engine._table cimport END_ABORTIVE, END_EXHAUSTIVE, END_WIN, MAX_TURN, P_ENDED, CTable, HandEndC

import threading

import numpy as np

from riichi_fast import settle as _settle
from riichi_fast.engine._agents import AGENT_NAMES
from riichi_fast.engine.game import LENGTHS, agent_seed, check_run, final_standing, game_over, game_seed
from riichi_fast.engine.types import EngineError
from riichi_fast.engine.wall import seeded_wall
from riichi_fast.errors import ContextError

__all__ = ["play_games", "play_random_games", "play_random_hands", "random_choice_stream", "write_batch"]


def random_choice_stream(seed):
    """The random agent's choices as Python sees them: an endless iterator of 64-bit words (splitmix64).

    The agent of :func:`play_random_hands` takes, at each decision, legal action number
    ``word % len(legal_actions)`` (the order of :meth:`CTable.legal_actions`).

    >>> it = random_choice_stream(0); next(it) == next(random_choice_stream(0))
    True
    """
    cdef uint64_t state = <uint64_t>(seed & 0xFFFFFFFFFFFFFFFF)
    while True:
        yield _splitmix64(&state)


cdef int _random_hand(CTable t, uint64_t* rng) except -1:
    """Play the hand ``t`` has dealt to its end, every decision by the built-in random legal agent:
    legal action number ``word % count`` (no Action objects)."""
    cdef Act buf[MAX_TURN]
    cdef int n, seat, steps = 0
    while t.phase_ != P_ENDED:
        seat = t._acting_seat()
        if seat < 0:
            raise EngineError("internal: a claim without a seat to answer")
        n = t._legal_c(seat, buf)
        t._take(seat, &buf[<int>(_splitmix64(rng) % <uint64_t>n)])
        steps += 1
        if steps > 10000:
            raise EngineError("internal: a hand did not end")
    return 0


def write_batch(list tables, float[:, :, ::1] planes not None, unsigned char[:, ::1] masks not None,
                signed char[::1] seats not None):
    """For each CTable ``tables[i]`` in play: its first acting seat into ``seats[i]``, that seat's
    legal-action mask (:meth:`CTable.legal_mask`) into ``masks[i]`` and its planes
    (:meth:`CTable.fill_planes`) into ``planes[i]``: VecEnv's write in one call."""
    cdef int i, seat, n = len(tables)
    cdef CTable t
    if planes.shape[0] < n or masks.shape[0] < n or seats.shape[0] < n:
        raise EngineError(f"write_batch: arrays for {n} tables expected")
    if planes.shape[1] != 59 or planes.shape[2] != 34 or masks.shape[1] != N_ACTIONS:
        raise EngineError(f"write_batch: planes must be (n, 59, 34) and masks (n, {N_ACTIONS})")
    for i in range(n):
        t = tables[i]
        seat = t._legal_mask(masks[i])
        if seat < 0:
            raise EngineError(f"write_batch: table {i} has no acting seat (phase {t.phase})")
        seats[i] = seat
        t._fill_planes(seat, planes[i])


def play_random_hands(int n, seed=0, rules="tenhou"):
    """Play ``n`` single hands (East 1, the start of a game) with the built-in random legal agent.

    Hand ``i`` is dealt from ``seeded_wall(seed, i)``; every decision takes legal action number
    ``word % len(legal)`` from one splitmix64 stream seeded by ``seed`` (see
    :func:`random_choice_stream`).  Returns ``(kind, winner, deltas)`` as numpy arrays: ``kind``
    0 win, 1 exhaustive draw, 2 abortive draw (int8); ``winner`` the first winner or -1 (int8);
    ``deltas`` the score changes (int32, ``n x n_players``).

    >>> kind, winner, deltas = play_random_hands(3, seed=1)
    >>> kind.shape, deltas.shape, int(deltas.sum(axis=1).max()) <= 0
    ((3,), (3, 4), True)
    """
    if n < 0:
        raise ContextError(f"n must be >= 0, got {n}")
    cdef CTable t = CTable(rules)
    cdef uint64_t rng = <uint64_t>(seed & 0xFFFFFFFFFFFFFFFF)
    cdef int i, j
    kind = np.zeros(n, dtype=np.int8)
    winner = np.full(n, -1, dtype=np.int8)
    deltas = np.zeros((n, t.n), dtype=np.int32)
    cdef signed char[::1] kv = kind
    cdef signed char[::1] wv = winner
    cdef int[:, ::1] dv = deltas
    start = _settle.TableState.start(t.rules)
    for i in range(n):
        t.start_hand(seeded_wall(seed, i, t.n), start)
        _random_hand(t, &rng)
        end = t.end
        kv[i] = {"win": 0, "exhaustive_draw": 1, "abortive_draw": 2}[end.kind]
        if end.wins:
            wv[i] = end.wins[0][0]
        for j in range(t.n):
            dv[i, j] = end.settlement.deltas[j]
    return kind, winner, deltas


def play_random_games(int n_games, seed=0, rules="tenhou", length="hanchan"):
    """Play ``n_games`` whole games with the built-in random legal agent (the loop and the agent in C).

    Game ``g`` is :func:`~riichi_fast.engine.play_game` with ``seed=seed + g`` (walls
    ``seeded_wall(seed + g, hand)``, the same end of game) and every seat taking legal action
    number ``word % len(legal)`` from one splitmix64 stream seeded by ``seed + g``.  Returns
    numpy arrays ``scores`` and ``points`` (int32, ``n_games x n_players``, as
    :func:`~riichi_fast.engine.game.final_standing`), ``ranks`` (int8) and ``hands`` (int32, hands
    played per game).

    >>> scores, points, ranks, hands = play_random_games(2, seed=1, length="tonpuusen")
    >>> scores.shape, bool((points.sum(axis=1) == 0).all()), bool((hands >= 4).all())
    ((2, 4), True, True)
    """
    if n_games < 0:
        raise ContextError(f"n_games must be >= 0, got {n_games}")
    if length not in LENGTHS:
        raise ContextError(f"unknown game length {length!r}: expected one of {', '.join(LENGTHS)}")
    cdef CTable t = CTable(rules)
    cdef uint64_t rng
    cdef int g, j, hand
    scores = np.zeros((n_games, t.n), dtype=np.int32)
    points = np.zeros((n_games, t.n), dtype=np.int32)
    ranks_ = np.zeros((n_games, t.n), dtype=np.int8)
    hands = np.zeros(n_games, dtype=np.int32)
    for g in range(n_games):
        game_seed = seed + g
        rng = <uint64_t>(game_seed & 0xFFFFFFFFFFFFFFFF)
        state = _settle.TableState.start(t.rules)
        hand = 0
        while True:
            t.start_hand(seeded_wall(game_seed, hand, t.n), state)
            _random_hand(t, &rng)
            hand += 1
            if game_over(t.end.settlement, t.rules, length):
                break
            state = t.next_table
        final_scores, final_points, final_ranks = final_standing(t.next_table, t.rules)
        for j in range(t.n):
            scores[g, j] = final_scores[j]
            points[g, j] = final_points[j]
            ranks_[g, j] = final_ranks[j]
        hands[g] = hand
    return scores, points, ranks_, hands


# ------------------------------------------------------------ whole games in C, without the GIL

cdef struct GameC:
    int scores[4]
    int points[4]
    int ranks[4]
    int hands
    int wins[4]
    int tsumo[4]
    int deal_ins[4]
    int riichi[4]
    int exhaustive
    int abortive


cdef inline int _top(const int* scores, int n) noexcept nogil:
    """The first place: the highest score, ties to the lower seat (game.ranks)."""
    cdef int i, top = 0
    for i in range(1, n):
        if scores[i] > scores[top]:
            top = i
    return top


cdef void _ranks(const int* scores, int n, int* out) noexcept nogil:
    cdef int i, j, r
    for i in range(n):
        r = 0
        for j in range(n):
            if scores[j] > scores[i] or (scores[j] == scores[i] and j < i):
                r += 1
        out[i] = r


cdef inline int _thousands(int score) noexcept nogil:
    cdef int a = score if score >= 0 else -score
    cdef int q = (a // 100) // 10, r = (a // 100) % 10
    cdef int m = q + (1 if r >= 5 else 0)
    return m if score >= 0 else -m


cdef bint _game_over(CTable t, int length) noexcept nogil:
    """Does the game end after the hand that ended in ``t.endc``?  ``length``: the index of the game's
    length in LENGTHS.  The twin of riichi_fast.engine.game.game_over (a dealer who may stop does)."""
    cdef HandEndC* e = &t.endc
    cdef int n = t.n, i, last, final_kyoku = t.n - 1, best = e.n_scores[0], low = e.n_scores[0]
    cdef bint reached
    for i in range(1, n):
        if e.n_scores[i] > best:
            best = e.n_scores[i]
        if e.n_scores[i] < low:
            low = e.n_scores[i]
    if t.tobi and low < 0:
        return True
    if length == 0:
        return True
    last = 0 if length == 1 else 1
    reached = best >= t.return_points
    # dealer_may_stop: agari-yame / tenpai-yame at the last hand
    if t.t_wind >= last and t.t_dealer == final_kyoku and e.repeats and e.kind != END_ABORTIVE \
            and _top(e.n_scores, n) == t.t_dealer and reached:
        return True
    if t.t_wind > last:
        return reached or (t.t_dealer == final_kyoku and not e.repeats)
    if t.t_wind < last or t.t_dealer != final_kyoku:
        return False
    return not e.repeats and reached


cdef int _play_game(CTable t, uint64_t wall_seed, const uint64_t* agent_seeds, const int* agents, int length,
                    const uint8_t* redc, GameC* out, int* log=NULL, int log_size=0) except -1 nogil:
    """One whole game of built-in agents, every hand dealt from seeded_wall(wall_seed, hand).

    ``log`` (if given): per hand, the end kind and the deltas (5 ints), for at most ``log_size`` hands.
    """
    cdef uint64_t rngs[4]
    cdef int n = t.n, i, hand = 0, steps, top
    cdef HandEndC* e = &t.endc
    memset(out, 0, sizeof(GameC))
    t.c_settle = True
    for i in range(4):
        rngs[i] = agent_seeds[i] if i < n else 0
        t.t_scores[i] = t.start_points if i < n else 0
    t.t_dealer = 0
    t.t_wind = 0
    t.t_honba = 0
    t.t_sticks = 0
    while True:
        t._seeded_wall(wall_seed, <uint64_t>hand)
        t._deal()
        steps = 0
        while t.phase_ != P_ENDED:
            _agent_step(t, agents, rngs, redc)
            steps += 1
            if steps > 10000:
                with gil:
                    raise EngineError("internal: a hand did not end")
        if log != NULL and hand < log_size:
            log[5 * hand] = e.kind
            for i in range(4):
                log[5 * hand + 1 + i] = e.deltas[i]
        hand += 1
        for i in range(n):
            if t.seats_[i].riichi_accepted:
                out.riichi[i] += 1
        if e.kind == END_WIN:
            for i in range(e.n_wins):
                out.wins[e.win_seat[i]] += 1
                if e.win_from[i] < 0:
                    out.tsumo[e.win_seat[i]] += 1
                else:
                    out.deal_ins[e.win_from[i]] += 1
        elif e.kind == END_EXHAUSTIVE:
            out.exhaustive += 1
        else:
            out.abortive += 1
        if _game_over(t, length):
            break
        t.t_dealer = e.n_dealer
        t.t_wind = e.n_wind
        t.t_honba = e.n_honba
        t.t_sticks = e.n_sticks
        for i in range(4):
            t.t_scores[i] = e.n_scores[i]
    # final_standing: the sticks left go to the first place; points with uma and oka
    for i in range(n):
        out.scores[i] = e.n_scores[i]
    if e.n_sticks:
        out.scores[_top(out.scores, n)] += 1000 * e.n_sticks
    _ranks(out.scores, n, out.ranks)
    top = _top(out.scores, n)
    steps = 0
    for i in range(n):
        if i != top:
            out.points[i] = _thousands(out.scores[i]) - t.return_points // 1000 + t.uma_[out.ranks[i]]
            steps += out.points[i]
    out.points[top] = -steps
    out.hands = hand
    return 0


def _play_block(CTable t, games, int start, int step, const uint64_t[::1] wall_seeds,
                const uint64_t[:, ::1] agent_seeds, const int[::1] agents, int length, const uint8_t[::1] redc,
                int[:, ::1] scores, int[:, ::1] points, signed char[:, ::1] places, int[::1] hands,
                int[:, ::1] wins, int[:, ::1] tsumo, int[:, ::1] deal_ins, int[:, ::1] riichi,
                int[::1] exhaustive, int[::1] abortive):
    """Play games ``games[start::step]`` on ``t`` without the GIL (one thread's share of a block)."""
    cdef int lo = games.start, hi = games.stop, g, i, n = t.n
    cdef GameC out
    with nogil:
        g = lo + start
        while g < hi:
            _play_game(t, wall_seeds[g], &agent_seeds[g, 0], &agents[0], length, &redc[0], &out)
            for i in range(n):
                scores[g, i] = out.scores[i]
                points[g, i] = out.points[i]
                places[g, i] = out.ranks[i] + 1
                wins[g, i] = out.wins[i]
                tsumo[g, i] = out.tsumo[i]
                deal_ins[g, i] = out.deal_ins[i]
                riichi[g, i] = out.riichi[i]
            hands[g] = out.hands
            exhaustive[g] = out.exhaustive
            abortive[g] = out.abortive
            g += step


def play_games(n_games, agents=None, rules="tenhou", seed=0, length="hanchan", n_threads=1, *, progress=None):
    """Play ``n_games`` whole games of built-in agents in compiled code, on ``n_threads`` threads without the GIL.

    ``agents``: one name per seat, ``"random"``, ``"tsumogiri"`` or ``"greedy"`` (default: every seat
    random): the agents of :mod:`riichi_fast.engine.agents`, compiled, making the same choices.
    Game ``g`` is dealt from ``seeded_wall(game_seed(seed, g), hand)`` and seat ``s``'s agent
    draws from splitmix64 seeded ``agent_seed(seed, g, s)`` (riichi_fast.engine.selfplay), the
    stream of :class:`~riichi_fast.engine.agents.RandomAgent`: the games are those of
    :func:`~riichi_fast.engine.play` with the Python agents, whatever ``n_threads``.  Games run
    without the GIL (walls, agents, yaku checks by the scoring kernel, settlements in C); only a
    win under pao (settled by riichi_fast.settle) or a chankan-on-ankan kokushi question takes it.  Returns a dict of numpy arrays (the fields of
    :class:`~riichi_fast.engine.SelfPlayResult`): ``scores``, ``points``, ``wins``,
    ``tsumo``, ``deal_ins``, ``riichi`` (int32, games x players), ``placements`` (int8, 1 =
    first), ``hands``, ``exhaustive_draws``, ``abortive_draws`` (int32, per game).

    >>> r = play_games(2, ["random"] * 4, "tenhou", seed=1, length="tonpuusen", n_threads=2)
    >>> r["scores"].shape, int(r["points"].sum()), bool((r["hands"] >= 4).all())
    ((2, 4), 0, True)
    """
    check_run(n_games, seed, n_threads, length)
    tables = [CTable(rules)]
    cdef CTable t0 = tables[0]
    cdef int n = t0.n, i
    if agents is None:
        agents = ("random",) * n
    if isinstance(agents, str):
        agents = [a.strip() for a in agents.split(",")]
    agents = list(agents)
    if len(agents) != n:
        raise ContextError(f"{n} players need {n} agents, got {len(agents)}")
    codes = np.zeros(4, dtype=np.intc)
    for i, a in enumerate(agents):
        if a not in AGENT_NAMES:
            raise ContextError(f"unknown compiled agent {a!r} (seat {i}): expected one of {', '.join(AGENT_NAMES)}")
        codes[i] = AGENT_NAMES.index(a)
    if t0.wareme:
        raise ContextError("play_games does not play Rules.wareme (the wall's break seat changes payments)")
    tables += [CTable(t0.rules) for _ in range(min(n_threads, max(n_games, 1)) - 1)]
    wall_seeds = np.array([game_seed(seed, g) for g in range(n_games)], dtype=np.uint64)
    agent_seeds = np.array([[agent_seed(seed, g, s) if s < n else 0 for s in range(4)] for g in range(n_games)],
                           dtype=np.uint64).reshape(n_games, 4)
    redc = np.array(t0.rules.red_fives, dtype=np.uint8)
    out = {"scores": np.zeros((n_games, n), np.int32), "points": np.zeros((n_games, n), np.int32),
           "placements": np.zeros((n_games, n), np.int8), "hands": np.zeros(n_games, np.int32),
           "wins": np.zeros((n_games, n), np.int32), "tsumo": np.zeros((n_games, n), np.int32),
           "deal_ins": np.zeros((n_games, n), np.int32), "riichi": np.zeros((n_games, n), np.int32),
           "exhaustive_draws": np.zeros(n_games, np.int32), "abortive_draws": np.zeros(n_games, np.int32)}
    code_view = codes
    k = len(tables)
    block = n_games if progress is None else max(k, 8 * k)
    lo = 0
    while lo < n_games:
        games = range(lo, min(lo + block, n_games))
        args = (games, 0, k, wall_seeds, agent_seeds, code_view, LENGTHS.index(length), redc,
                out["scores"], out["points"], out["placements"], out["hands"], out["wins"], out["tsumo"],
                out["deal_ins"], out["riichi"], out["exhaustive_draws"], out["abortive_draws"])
        if k == 1:
            _play_block(tables[0], *args)
        else:
            errors = []

            def run(j, args=args):
                try:
                    _play_block(tables[j], args[0], j, *args[2:])
                except BaseException as exc:  # re-raised in the calling thread
                    errors.append(exc)

            threads = [threading.Thread(target=run, args=(j,)) for j in range(k)]
            for th in threads:
                th.start()
            for th in threads:
                th.join()
            if errors:
                raise errors[0]
        if progress is not None:
            progress(len(games))
        lo += len(games)
    return out


def _game_hands(rules, agents, int seed, int game, length="hanchan"):
    """Game ``game`` of play_games(..., seed) hand by hand: ``[(kind, deltas), ...]`` (a test aid)."""
    cdef CTable t = CTable(rules)
    cdef uint64_t seeds[4]
    cdef int codes[4]
    cdef uint8_t redc[34]
    cdef int log[5 * 256]
    cdef GameC out
    cdef int i
    for i in range(4):
        seeds[i] = agent_seed(seed, game, i) if i < t.n else 0
        codes[i] = AGENT_NAMES.index(agents[i]) if i < t.n else 0
    for i in range(34):
        redc[i] = t.rules.red_fives[i]
    _play_game(t, game_seed(seed, game), seeds, codes, LENGTHS.index(length), redc, &out, log, 256)
    names = ("win", "exhaustive_draw", "abortive_draw")
    return [(names[log[5 * i]], tuple([log[5 * i + 1 + j] for j in range(t.n)])) for i in range(min(out.hands, 256))]
