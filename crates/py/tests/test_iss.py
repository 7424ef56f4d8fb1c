"""Returns equal the International Skat Server's own settlement (its
`R[...]` field) on the real records in crates/core/tests/data/iss, replayed
through the Python API with explicit chance nodes (the deal card by card).

The records are read here, independently of the engine's ISS parser."""

import re

import trumpf

EARLY_END = {"RE", "SC", "LE", "TI"}


def moves(line):
    mv = re.search(r"MV\[(.*?)\]", line).group(1).split()
    return [(mv[i], mv[i + 1]) for i in range(0, len(mv), 2)]


def actions(pairs):
    """The trumpf actions (seat, text) of an ISS move list, and the deal."""
    deal, out = None, []
    for who, move in pairs:
        if who == "w":
            if deal is None:
                deal = move.split(".")
            continue  # the server showing the skat
        seat = int(who)
        if "." in move and move[0] in "GCSHDN" and len(move.split(".")) == 3:
            code, a, b = move.split(".")
            out.append((seat, f"{a}.{b}"))  # the discard, then the game
            out.append((seat, code))
        elif "." in move and len(move.split(".")) == 2 and move[:2] not in EARLY_END:
            # An old record's separate discard after the game: discard first.
            code = out.pop()
            out.append((seat, move))
            out.append(code)
        else:
            out.append((seat, move))
    return deal, out


def test_returns_equal_the_servers_settlement(iss_lines):
    game = trumpf.load_game("skat", rules="isko", chance="explicit")
    checked = 0
    for line in iss_lines:
        result = re.search(r"R\[(.*?)\]", line).group(1)
        deal, acts = actions(moves(line))
        if result == "passed":
            expected = [0.0, 0.0, 0.0]
        else:
            fields = dict(f.split(":", 1) for f in result.split() if ":" in f)
            ended_early = any(m[:2] in EARLY_END or m == "??" for _, m in acts)
            if "penalty" in result.split() or ended_early:
                continue  # ended by the server (a resignation, a player who left), not by play
            declarer, value = int(fields["d"]), float(fields["v"])
            expected = [0.0, 0.0, 0.0]
            expected[declarer] = value
        state = game.new_initial_state()
        for card in deal:
            state.apply_action(state.string_to_action(card))
        for seat, text in acts:
            assert state.current_player() == seat, (line[:60], text)
            state.apply_action(state.string_to_action(text))
        assert state.is_terminal(), line[:80]
        assert state.returns() == expected, (result, state.returns())
        checked += 1
    assert checked >= 12
