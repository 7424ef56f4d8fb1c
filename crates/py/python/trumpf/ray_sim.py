"""Duplicate tournaments and self-play data runs spread over a Ray cluster.

    python -m trumpf.ray_sim skat --a hard --b heuristic --deals 10000 --seed 1 [--address auto] [--json]
    python -m trumpf.ray_sim selfplay skat --bot medium --deals 1000 --seed 1 --out games.jsonl

A tournament is the one ``trumpf sim`` plays: the deals are cut into
chunks, each chunk is played by a Ray task with trumpf's own per-deal
function (``trumpf.play_deals``, the ai crate's ``tournament::play_deal``),
and the per-deal results are summed by ``trumpf.summarize``, as ``trumpf
sim`` sums them. So the same game, bots, rules, deals and seed give the
same numbers as ``trumpf sim``, on any number of machines; the output
(text, or ``--json``) has the same lines and keys.

A self-play run plays deals with one bot in every seat and writes one JSON
object per deal (its number, seed, returns and trumpf record) to ``--out``,
in deal order.

Without ``--address`` a local Ray instance is started (``--cpus`` sets its
size); ``--address auto`` joins a running cluster.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import List, Optional, Sequence

import trumpf

__all__ = ["tournament", "selfplay", "main"]


def _chunks(n: int, size: int) -> List[List[int]]:
    return [list(range(i, min(i + size, n))) for i in range(0, n, size)]


def _init(address: Optional[str], cpus: Optional[int]):
    import ray

    if not ray.is_initialized():
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
    return ray


def tournament(
    game: str,
    a: str,
    b: str,
    deals: int,
    seed: int = 1,
    rules=None,
    chunk: int = 16,
    address: Optional[str] = None,
    cpus: Optional[int] = None,
) -> dict:
    """Plays deals ``0 .. deals`` of a duplicate tournament on Ray and
    returns ``trumpf.summarize`` of them (``deals``, ``games``,
    ``a_minus_b``, ``ci95``, ``pass_in_rate``, ``declared``, ``overbids``)."""
    ray = _init(address, cpus)

    @ray.remote
    def play(ks):
        import trumpf as t

        return t.play_deals(game, a, b, seed, ks, rules)

    futures = [play.remote(ks) for ks in _chunks(deals, chunk)]
    results = [r for part in ray.get(futures) for r in part]
    return trumpf.summarize(results)


def _selfplay_chunk(game, bot, seed, ks, rules):
    import trumpf as t
    from trumpf import bots as b

    g = t.load_game(game, rules=rules)
    out = []
    for k in ks:
        state = g.new_initial_state(seed=seed + k)
        players = [b.make(bot, seed=(seed + k) * 8 + p) for p in range(g.num_players())]
        while not state.is_terminal():
            state.apply_action(players[state.current_player()].step(state))
        out.append({"deal": k, "seed": seed + k, "returns": state.returns(), "record": state.to_record()})
    return out


def selfplay(game: str, bot: str, deals: int, seed: int = 1, rules=None, chunk: int = 16, address=None, cpus=None):
    """Plays deals ``0 .. deals`` (deal k from ``seed + k``) with ``bot`` in
    every seat on Ray; one dict per deal, in deal order."""
    ray = _init(address, cpus)
    play = ray.remote(_selfplay_chunk)
    futures = [play.remote(game, bot, seed, ks, rules) for ks in _chunks(deals, chunk)]
    return [r for part in ray.get(futures) for r in part]


def _text(game: str, a: str, b: str, seed: int, s: dict) -> str:
    """The lines ``trumpf sim`` prints for a summary."""
    unit = "Seeger–Fabian points" if game == "skat" else "game points"
    lines = [
        f"{game}: A = {a}, B = {b}, {s['deals']} deals ({s['games']} games), seed {seed}",
        f"A − B per deal and seat: {s['a_minus_b']:+.2f} ± {s['ci95']:.2f} {unit} (95%)",
    ]
    if game == "skat":
        lines.append(f"passed in: {100.0 * s['pass_in_rate']:.1f}% of the games")
    for name, rows, overbids in zip(["A", "B"], s["declared"], s["overbids"]):
        if not rows:
            continue
        total = sum(r[1] for r in rows)
        made = sum(r[2] for r in rows)
        by_type = ", ".join(f"{g} {d} ({100.0 * m / max(d, 1):.0f}% made)" for g, d, m in rows)
        lost = f", {overbids} lost as overbids" if overbids else ""
        lines.append(f"{name} declared {total}, made {100.0 * made / max(total, 1):.1f}%{lost}: {by_type}")
    return "\n".join(lines)


def _json(game: str, a: str, b: str, seed: int, s: dict) -> str:
    """The object ``trumpf sim --json`` prints (without its fallback counts,
    which only a local run sees)."""
    declared = [
        [{"side": side, "game": g, "declared": d, "made": m} for g, d, m in rows]
        for side, rows in zip(["a", "b"], s["declared"])
    ]
    return json.dumps(
        {
            "game": game,
            "a": a,
            "b": b,
            "deals": s["deals"],
            "games": s["games"],
            "seed": seed,
            "a_minus_b": s["a_minus_b"],
            "ci95": s["ci95"],
            "unit": "seeger_fabian" if game == "skat" else "game_points",
            "pass_in_rate": s["pass_in_rate"],
            "declared": declared,
            "overbids": s["overbids"],
        },
        ensure_ascii=False,
        separators=(",", ":"),
    )


def _canonical_spec(spec: str) -> str:
    return trumpf.bots.Bot(spec).spec


def main(argv: Optional[Sequence[str]] = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--deals", type=int, default=100, help="deals to play (deal k is dealt from seed + k)")
    common.add_argument("--seed", type=int, default=1)
    common.add_argument("--rules", default=None, help="a preset (Skat: isko, pub, pirat, xskat) or 'key=value ...'")
    common.add_argument("--chunk", type=int, default=16, help="deals per Ray task")
    common.add_argument("--address", default=None, help="a Ray cluster to join ('auto'); default: a local instance")
    common.add_argument("--cpus", type=int, default=None, help="CPUs of the local instance")
    if argv[:1] == ["selfplay"]:
        p = argparse.ArgumentParser(prog="python -m trumpf.ray_sim selfplay", parents=[common])
        p.add_argument("game", choices=trumpf.GAMES)
        p.add_argument("--bot", required=True, help="the bot in every seat (as trumpf sim --a names it)")
        p.add_argument("--out", required=True, help="the JSON lines file to write")
        args = p.parse_args(argv[1:])
        rows = selfplay(args.game, args.bot, args.deals, args.seed, args.rules, args.chunk, args.address, args.cpus)
        with open(args.out, "w", encoding="utf-8") as f:
            for row in rows:
                f.write(json.dumps(row) + "\n")
        print(f"{len(rows)} deals of {args.game} with {args.bot} in every seat written to {args.out}")
        return 0
    p = argparse.ArgumentParser(prog="python -m trumpf.ray_sim", parents=[common], description=__doc__.split("\n\n")[0])
    p.add_argument("game", choices=trumpf.GAMES)
    p.add_argument("--a", required=True, help="configuration A (as trumpf sim --a)")
    p.add_argument("--b", required=True, help="configuration B")
    p.add_argument("--json", action="store_true", help="print one JSON object as the last line")
    args = p.parse_args(argv)
    if args.deals < 1:
        p.error("--deals must be at least 1")
    a, b = _canonical_spec(args.a), _canonical_spec(args.b)
    s = tournament(args.game, a, b, args.deals, args.seed, args.rules, args.chunk, args.address, args.cpus)
    print(_text(args.game, a, b, args.seed, s))
    if args.json:
        print(_json(args.game, a, b, args.seed, s))
    return 0


if __name__ == "__main__":
    sys.exit(main())
