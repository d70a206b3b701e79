"""Drop-in replacement for the ``mahjong`` package 2.x, backed by riichi_fast.

Switch by changing the import prefix: ``mahjong.X`` becomes
``riichi_fast.compat.mahjong.X`` for every module below; class names,
signatures, constants, result fields, error strings and the order of result
lists are mahjong 2.1.0's.

====================================  ==========================================
module                                names
====================================  ==========================================
``constants``                         ``EAST`` ... ``CHUN``, ``AKA_DORAS``, ...
``tile``                              ``TilesConverter``, ``Tile``
``meld``                              ``Meld``
``utils``                             ``is_chi``, ``plus_dora``, ... (all of them)
``shanten``                           ``Shanten`` (riichi_fast's shanten kernel)
``agari``                             ``Agari`` (riichi_fast's agari kernel)
``hand_calculating.hand``             ``HandCalculator`` (riichi_fast's scorer)
``hand_calculating.hand_config``      ``HandConfig``, ``OptionalRules``, ``HandConstants``
``hand_calculating.hand_response``    ``HandResponse``
``hand_calculating.divider``          ``HandDivider`` (riichi_fast's decompose kernel)
``hand_calculating.fu``               ``FuCalculator``, ``FuDetail``
``hand_calculating.scores``           ``ScoresCalculator``, ``Aotenjou``, ``ScoresResult``
``hand_calculating.yaku_config``      ``YakuConfig``, ``YAKU_ID_TO_TENHOU_ID``
``hand_calculating.yaku``             ``Yaku`` and one class per yaku (mahjong's names)
====================================  ==========================================

>>> from riichi_fast.compat.mahjong.hand_calculating.hand import HandCalculator
>>> from riichi_fast.compat.mahjong.hand_calculating.hand_config import HandConfig
>>> from riichi_fast.compat.mahjong.tile import TilesConverter
>>> tiles = TilesConverter.one_line_string_to_136_array("234789m12345666p")
>>> r = HandCalculator.estimate_hand_value(tiles, tiles[-1], config=HandConfig(is_tsumo=True, is_riichi=True))
>>> r.han, r.fu, r.cost["main"], r.cost["additional"], r.yaku
(3, 20, 1300, 700, [Menzen Tsumo, Riichi, Pinfu])

Traps kept on purpose: code written against mahjong relies on them, so they
behave exactly as in mahjong 2.1.0 (riichi_fast's own API keeps the strict
checks):

- ``TilesConverter`` does not check counts (``11111m`` parses, to ids 0-4)
  and, without ``has_aka_dora``, gives each digit the lowest free id of its
  kind, red ids included: a plain ``5p`` is id 52 (the red five) and ``0p`` is
  id 32 (a 9m).  With ``has_aka_dora`` plain fives skip the red id (a fourth
  ``5m`` is id 20, a 6m).  A non-digit raises ``ValueError`` with ``int()``'s
  message (a :class:`~riichi_fast.errors.TileParseError`).
- ``Shanten`` and ``Agari`` do not range-check counts either: five copies,
  negative counts or more than 14 tiles get mahjong's answer (``11111m`` is
  complete for ``Agari.is_agari``, a triplet and a pair), from mahjong's
  search and test written out (``shanten._search_regular``,
  ``Agari._is_agari_counts``); ordinary counts run on riichi_fast's kernels.
- Errors are mahjong's classes and messages, and also riichi_fast's: a tile id
  past the 34 kinds in ``estimate_hand_value`` or ``to_34_array`` raises
  ``IndexError`` ("list index out of range"); a ``Meld.NUKI`` (or unknown)
  meld ``RuntimeError`` ("invalid meld type: nuki, ..."); a negative honor
  count in ``Agari.is_agari`` and the ``Shanten`` size checks ``ValueError``.
  Each is also a :class:`~riichi_fast.errors.RiichiError` (``TileParseError``,
  ``MeldError``, ``TileCountError``).
- Every module-level name of each mahjong module is there, its imports and
  underscore helpers included (``tests/compat/test_names.py`` compares
  ``dir()`` module by module); mahjong's search internals
  (``_RegularShanten._run`` and its steps, ``HandDivider._decompose_*``) are
  riichi_fast's kernels instead.

Three players, as in mahjong 2.1.0: ``Shanten.calculate_shanten(...,
is_three_player=True)`` (no 2m-8m: 1m and 9m count like honors; computed
here by rewriting the counts for the kernel, ``shanten._three_player_counts``,
or by mahjong's search on odd counts), ``plus_dora``/``build_dora_count_map``
with ``is_three_player`` (1m indicates 9m), ``OptionalRules(is_three_player=True)``
(ron honba 200 per counter, one payer fewer on tsumo) and
``HandConfig(num_nuki_dora=n)`` (each kita a dora, plus the indicators
pointing at North, for dora and ura); ``tests/compat/test_diff.py`` compares
random three-player hands with mahjong.

Where the answers differ from mahjong 2.1.0 (``tests/compat/test_diff.py``
compares both on 50,000 random calls and lists each accepted difference):

Fixed mahjong bugs (RULES.md decides):

- ``yaku_level`` is ``"mangan"`` for a hand under 5 han capped at mangan
  when ``kiriage`` is on (mahjong leaves it empty).
- ``fu_for_pinfu_tsumo`` keeps pinfu (mahjong drops it once it adds the
  tsumo fu).
- An open hand won by tsumo with no other fu gets the 2 tsumo fu (reason
  ``tsumo``); mahjong books ``hand_without_fu`` instead, or nothing (20 fu)
  with ``fu_for_open_pinfu=False``.
- A winning tile inside a declared meld (impossible input) is
  ``hand_not_winning``; mahjong scores the closed kan as the completed set.
- Tiles that are not a hand (not 14 plus one per kan, a duplicate id, a
  meld tile missing from ``tiles``, a chi listed called tile first) are
  ``hand_not_winning`` (or the chi is read right); mahjong's divider leaves out
  an honor it cannot use and reads a chi from its first tile, then scores what
  is left.  ``HandDivider.divide_hand`` itself answers as mahjong's.
- ``Aotenjou`` never raises: mahjong's ``aotenjou_filter_yaku`` crashes on a
  seven-pairs tsuuiisou (it removes toitoi that is not there).

Other differences:

- Ties (equal points, han and fu) between readings are broken by decompose
  order; mahjong prefers the most raw fu then its own order, so ``fu_details``
  (and rarely the yaku list at equal han) can differ.
- ``player_wind``/``round_wind`` ``None`` (no wind) is emulated with a
  stand-in wind the hand cannot use; a hand holding a pair of every
  candidate wind can get that pair's fu.  A sashikomi ron and yakuman under
  ``Aotenjou`` are rebuilt around the scorer's choice and may pick another
  reading than mahjong on ties.
- ``HandConfig``, ``OptionalRules`` and ``Meld`` keep what the compiled
  scorer derived from an instance in a private ``__slots__`` entry
  (``_rf_prep``, ``_rf_opt``, ``_rf``: not in ``vars()``, not pickled or
  copied); setting any attribute drops it (changing the contents of a
  mutable value in place, e.g. a ``Meld.tiles`` list, is followed too: such
  values are not cached).
- ``HandResponse`` is a compiled type: same constructor, fields and ``str``
  as mahjong's, any other attribute can be set, but ``vars(r)`` holds only
  those added attributes, not the seven fields.
- ``Yaku.is_condition_met`` follows mahjong's predicates (signatures and
  answers, see ``hand_calculating.yaku``); the scorer does not call them.  The
  one-class-per-file yaku modules (``yaku_list.tanyao``, ...) re-export the
  classes.
"""
