"""Charts of :class:`~riichi_fast.stats.Stats` as PNG and SVG (matplotlib, the ``[plot]`` extra)."""

from __future__ import annotations

import os
import warnings

from riichi_fast.errors import RiichiError
from riichi_fast.rules.yaku import BONUS_NAMES, YAKU
from riichi_fast.stats._aggregate import Stats
from riichi_fast.stats._extras import check_path, check_positive, require


def plot(stats, out, *, top_players: int = 20) -> list[str]:
    """Write the charts of ``stats`` (a :class:`Stats` or its ``to_dict()``) into directory ``out``.

    Charts: ``yaku`` (frequency per win), ``han_fu`` (heat map), ``points``
    (histogram of hand values), ``placements`` (distribution per player),
    ``player_rates`` (win, deal-in, riichi and call rates of the players with
    the most hands, at most ``top_players``).  Each is written as
    ``<name>.png`` and ``<name>.svg``; returns the paths written.
    """
    if not isinstance(stats, (Stats, dict)):
        raise RiichiError(f"plot needs a Stats or its to_dict(), got {type(stats).__name__}")
    out = check_path(out, "out")
    check_positive(top_players, "top_players")
    require("matplotlib")
    import matplotlib  # an optional extra ([plot])

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    d = stats if isinstance(stats, dict) else stats.to_dict()
    missing = [k for k in ("wins", "yaku", "han_fu", "points", "players") if k not in d]
    if missing:
        raise RiichiError(f"plot needs the statistics dict of Stats.to_dict(); missing {missing}")
    os.makedirs(out, exist_ok=True)
    written = []
    families = _families()
    shown = _glyphs(families)
    with matplotlib.rc_context({"font.family": families}), warnings.catch_warnings():
        # A name in a script no installed font covers is replaced by its rank (see _short).
        warnings.filterwarnings("ignore", message=r"Glyph \d+ .* missing from font", category=UserWarning)
        _draw(plt, d, out, written, top_players, shown)
    return written


def _draw(plt, d, out, written, top_players, shown):
    def save(fig, name):
        fig.tight_layout()
        for ext in ("png", "svg"):
            path = os.path.join(out, f"{name}.{ext}")
            fig.savefig(path, dpi=80 if ext == "png" else None, metadata=_metadata(ext))
            written.append(path)
        plt.close(fig)

    wins = d["wins"] or 1
    yaku = sorted(d["yaku"].items(), key=lambda kv: (-kv[1], int(kv[0])))
    fig, ax = plt.subplots(figsize=(8, max(3, 0.22 * len(yaku) + 1)))
    labels = [yaku_label(int(k)) for k, _ in yaku]
    ax.barh(range(len(yaku)), [v / wins for _, v in yaku], color="#4878a8")
    ax.set_yticks(range(len(yaku)), labels, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("share of wins")
    ax.set_title(f"Yaku frequency ({d['wins']} wins)")
    save(fig, "yaku")

    cells = {tuple(map(int, k.split(","))): v for k, v in d["han_fu"].items()}
    hans = sorted({h for h, _ in cells}) or [1]
    fus = sorted({f for _, f in cells}) or [30]
    grid = [[cells.get((h, f), 0) for f in fus] for h in hans]
    fig, ax = plt.subplots(figsize=(max(5, 0.5 * len(fus) + 2), max(3, 0.4 * len(hans) + 1.5)))
    im = ax.imshow(grid, cmap="viridis", aspect="auto", origin="lower")
    ax.set_xticks(range(len(fus)), [str(f) for f in fus])
    ax.set_yticks(range(len(hans)), [str(h) for h in hans])
    for i, r in enumerate(grid):
        for j, v in enumerate(r):
            if v:
                ax.text(j, i, str(v), ha="center", va="center", fontsize=7,
                        color="white" if v < max(max(r) for r in grid) / 2 else "black")
    ax.set_xlabel("fu")
    ax.set_ylabel("han (dora included)")
    ax.set_title("Wins by han and fu (yakuman excluded)")
    fig.colorbar(im, ax=ax, label="wins")
    save(fig, "han_fu")

    values = [int(k) for k, v in d["points"].items() for _ in range(v)]
    fig, ax = plt.subplots(figsize=(7, 3.5))
    ax.hist(values, bins=40, color="#4878a8")
    ax.set_xlabel("hand value (points, without counters and sticks)")
    ax.set_ylabel("wins")
    ax.set_title("Points of winning hands")
    save(fig, "points")

    players = sorted(d["players"].items(), key=lambda kv: (-kv[1]["hands"], kv[0]))[:top_players]
    names = [_short(n, i, shown) for i, (n, _) in enumerate(players, 1)]
    fig, ax = plt.subplots(figsize=(max(5, 0.45 * len(players) + 2), 3.8))
    bottom = [0.0] * len(players)
    for place, color in zip(("1", "2", "3", "4"), ("#3a7d44", "#9bc53d", "#f2a541", "#c3423f")):
        shares = [p["placements"].get(place, 0) / (p["games"] or 1) for _, p in players]
        ax.bar(range(len(players)), shares, bottom=bottom, color=color, label=f"{place}")
        bottom = [b + s for b, s in zip(bottom, shares)]
    ax.set_xticks(range(len(players)), names, rotation=60, ha="right", fontsize=8)
    ax.set_ylabel("share of games")
    ax.set_title("Placement distribution")
    ax.legend(title="place", fontsize=7, loc="upper left", bbox_to_anchor=(1, 1))
    save(fig, "placements")

    fig, ax = plt.subplots(figsize=(max(6, 0.6 * len(players) + 2), 3.8))
    keys = ("win_rate", "deal_in_rate", "riichi_rate", "call_rate")
    width = 0.8 / len(keys)
    for k, key in enumerate(keys):
        ax.bar([i + (k - 1.5) * width for i in range(len(players))], [p[key] or 0 for _, p in players],
               width=width, label=key.replace("_", " "))
    ax.set_xticks(range(len(players)), names, rotation=60, ha="right", fontsize=8)
    ax.set_ylabel("per hand played")
    ax.set_title("Player rates")
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1, 1))
    save(fig, "player_rates")


def yaku_label(tenhou_id: int) -> str:
    """The name of a Tenhou yaku id (dora 52-54 included).

    >>> yaku_label(7), yaku_label(53)
    ('pinfu', 'ura dora')
    """
    if tenhou_id in BONUS_NAMES:
        return BONUS_NAMES[tenhou_id]
    info = YAKU.get(tenhou_id)
    return info.name if info is not None and info.tenhou_id == tenhou_id else f"yaku {tenhou_id}"


def _metadata(ext: str) -> dict:
    # No dates or versions in the files: the same statistics give the same bytes.
    return {"Software": None} if ext == "png" else {"Date": None, "Creator": None}


_CJK_FAMILIES = ("Noto Sans CJK JP", "Noto Sans JP", "IPAexGothic", "IPAGothic", "Hiragino Sans", "Yu Gothic",
                 "MS Gothic", "WenQuanYi Zen Hei")


def _families() -> list[str]:
    """DejaVu Sans, then the installed fonts that cover Japanese names (matplotlib falls back along the list)."""
    from matplotlib import font_manager  # an optional extra ([plot])

    installed = {f.name for f in font_manager.fontManager.ttflist}
    return ["DejaVu Sans", *(f for f in _CJK_FAMILIES if f in installed)]


def _glyphs(families) -> set[int]:
    """Code points the fonts of ``families`` can draw."""
    from matplotlib import font_manager, ft2font  # an optional extra ([plot])

    cover: set[int] = set()
    for fam in families:
        try:
            path = font_manager.findfont(fam, fallback_to_default=False)
            cover.update(ft2font.FT2Font(path).get_charmap())
        except (ValueError, OSError, RuntimeError):
            continue
    return cover


def _short(name: str, rank: int, shown: set[int], n: int = 14) -> str:
    """The label of a player: the name (cut to ``n`` characters), or ``#rank`` when no font can draw it."""
    if shown and any(ord(ch) not in shown for ch in name):
        return f"player #{rank}"
    return name if len(name) <= n else name[: n - 1] + "…"
