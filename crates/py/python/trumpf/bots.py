"""trumpf's bots for Python states.

>>> import trumpf
>>> bot = trumpf.bots.make("pimc", level="easy", seed=1)
>>> state = trumpf.load_game("skat").new_initial_state(seed=3)
>>> state.apply_action(bot.step(state))
"""

from __future__ import annotations

from typing import Optional

from ._trumpf import Bot

__all__ = ["Bot", "make", "KINDS", "LEVELS"]

#: The kinds ``make`` knows.
KINDS = ("random", "heuristic", "pimc", "perfect", "cmd")
#: The strengths of ``make("pimc", level=...)`` (those of ``trumpf play --bots``).
LEVELS = ("easy", "medium", "hard")


def make(
    kind: str,
    level: Optional[str] = None,
    seed: int = 0,
    *,
    worlds: Optional[int] = None,
    inference: Optional[bool] = None,
    exact: Optional[int] = None,
    bidding: Optional[int] = None,
    rollouts: Optional[bool] = None,
    pickup: Optional[str] = None,
    budget: Optional[int] = None,
    command: Optional[str] = None,
) -> Bot:
    """A bot: ``bot.step(state)`` returns the action id it plays.

    ``kind``: "random", "heuristic" (rules of thumb), "pimc" (samples the
    hidden cards and solves each sample: ``level`` "easy", "medium" or
    "hard", or its settings ``worlds``, ``inference``, ``exact``,
    ``bidding``, ``rollouts``, ``pickup`` "best" or "kind", ``budget``, the
    decision's search nodes in multiples of the default), "perfect" (sees every card; for measurement), or "cmd"
    (an outside program, ``command``, speaking ``docs/bot-protocol.md``).
    A full spec as ``trumpf sim --a`` takes it works too: ``make("pimc:worlds=16")``.
    """
    if ":" in kind and kind.split(":", 1)[0] in ("pimc", "cmd"):
        return Bot(kind, seed)
    if kind == "pimc":
        options = {"worlds": worlds, "exact": exact, "bidding": bidding, "pickup": pickup, "budget": budget}
        if level is not None:
            if any(v is not None for v in options.values()) or inference is not None or rollouts is not None:
                raise ValueError("make('pimc'): give a level or settings, not both")
            if level not in LEVELS:
                raise ValueError(f"level {level!r}: one of {', '.join(LEVELS)}")
            return Bot(level, seed)
        parts = [f"{k}={v}" for k, v in options.items() if v is not None]
        if inference is not None:
            parts.append(f"inference={'on' if inference else 'off'}")
        if rollouts is not None:
            parts.append(f"rollouts={'on' if rollouts else 'off'}")
        return Bot("pimc:" + ",".join(parts) if parts else "pimc", seed)
    if kind == "cmd":
        if not command:
            raise ValueError("make('cmd', command='python3 mybot.py')")
        return Bot("cmd:" + command, seed)
    if level is not None:
        if kind in LEVELS:
            raise ValueError(f"{kind!r} is a level: make('pimc', level={kind!r})")
        raise ValueError(f"make({kind!r}) takes no level")
    return Bot(kind, seed)
