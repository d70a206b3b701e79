"""Write examples/tenhou_wins.txt: every win of the bundled real Tenhou records as a
``riichi-fast score`` command line, for ``riichi-fast batch``.

    python tools/make_examples.py

Each line is ``HAND --win T [flags] --seat W --round W --dora ... --ura ... --honba N --sticks N``.
"""

from pathlib import Path

from riichi_fast.records import read_record
from riichi_fast.tiles import format_tiles, kind_name

ROOT = Path(__file__).resolve().parents[1]
FLAGS = ("tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan",
         "tenhou", "chiihou")


def win_line(win) -> str:
    s = win.situation
    words = [str(win.hand), "--win", format_tiles([win.win_tile])]
    words += [f"--{f.replace('_', '-')}" for f in FLAGS if getattr(s, f)]
    words += ["--seat", "ESWN"[s.seat_wind], "--round", "ESWN"[s.round_wind]]
    if s.dora_indicators:
        words += ["--dora", "".join(kind_name(t // 4) for t in s.dora_indicators)]
    if s.riichi and s.ura_indicators:
        words += ["--ura", "".join(kind_name(t // 4) for t in s.ura_indicators)]
    words += ["--honba", str(s.honba_paid), "--sticks", str(s.riichi_sticks)]
    return " ".join(f'"{w}"' if " " in w else w for w in words)


def main() -> None:
    lines = ["# Every win of the real Tenhou games in tests/data/records (mjlog), one per line,",
             "# written as the arguments of `riichi-fast score`.  Made by tools/make_examples.py."]
    for path in sorted((ROOT / "tests/data/records").glob("tenhou-mjlog-*/*.mjlog")):
        game = read_record(path)
        if game.rules.three_player:
            continue
        for rnd in game.rounds:
            for win in rnd.wins:
                lines.append(win_line(win))
    out = ROOT / "examples/tenhou_wins.txt"
    out.write_text("\n".join(lines) + "\n")
    print(f"wrote {len(lines) - 2} hands to {out}")


if __name__ == "__main__":
    main()
