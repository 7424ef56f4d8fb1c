"""The OpenSpiel-shaped API: codec round-trips, masks, chance nodes,
observations, views, records and errors, over random deals of every game."""

import random

import pytest

import trumpf

GAMES = [("skat", "isko"), ("skat", "pub"), ("spitzer", None), ("spidge", None)]
SIZES = {"skat": (629, 413, 3), "spitzer": (44, 365, 4), "spidge": (54, 576, 3)}


def playout(game, seed, visit=None):
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    while not state.is_terminal():
        if visit:
            visit(state)
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name,rules", GAMES)
def test_sizes_follow_the_encoding_document(name, rules):
    # docs/encoding.md: NUM_ACTIONS and OBSERVATION_LEN of each game.
    game = trumpf.load_game(name, rules=rules)
    actions, obs, players = SIZES[name]
    assert game.num_distinct_actions() == actions
    assert game.observation_tensor_shape() == (obs,)
    assert game.num_players() == players
    assert repr(game).startswith(f'trumpf.Game("{name}"')


@pytest.mark.parametrize("name", ["skat", "spitzer", "spidge"])
def test_every_action_id_round_trips_through_its_text(name):
    game = trumpf.load_game(name)
    for a in range(game.num_distinct_actions()):
        text = game.action_to_string(a)
        assert game.string_to_action(text) == a, (a, text)
    with pytest.raises(trumpf.IllegalActionError):
        game.action_to_string(game.num_distinct_actions())


@pytest.mark.parametrize("name,rules", GAMES)
def test_legal_actions_ascend_and_equal_the_mask(name, rules):
    game = trumpf.load_game(name, rules=rules)

    def visit(state):
        legal = state.legal_actions()
        assert legal and legal == sorted(set(legal))
        mask = state.legal_actions_mask()
        assert len(mask) == game.num_distinct_actions()
        assert [i for i, m in enumerate(mask) if m] == legal
        for a in legal:
            assert state.string_to_action(state.action_to_string(a)) == a
        assert len(state.observation_tensor()) == game.observation_tensor_size()
        assert all(0.0 <= x <= 1.0 for x in state.observation_tensor())

    for seed in range(20):
        end = playout(game, seed, visit)
        assert end.legal_actions() == []
        assert end.current_player() == trumpf.TERMINAL
        lo, hi = game.min_utility(), game.max_utility()
        assert all(lo <= r <= hi for r in end.returns())


def test_a_seed_names_the_same_deal():
    game = trumpf.load_game("skat")
    a, b = game.new_initial_state(seed=7), game.new_initial_state(seed=7)
    assert a.deal() == b.deal()
    assert game.new_initial_state(seed=8).deal() != a.deal()


def test_illegal_actions_raise_with_the_engines_reason_and_change_nothing():
    state = trumpf.load_game("skat").new_initial_state(seed=1)
    before = state.history()
    play_ck = state.string_to_action("CK")
    with pytest.raises(trumpf.IllegalActionError) as info:
        state.apply_action(play_ck)
    assert "CK" in str(info.value)
    assert isinstance(info.value, ValueError)
    with pytest.raises(trumpf.IllegalActionError):
        state.apply_action(10_000)
    assert state.history() == before


def test_clone_is_independent():
    state = trumpf.load_game("spitzer").new_initial_state(seed=3)
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert len(copy.history()) == len(state.history()) + 1


def test_explicit_chance_deals_card_by_card():
    game = trumpf.load_game("skat", chance="explicit")
    state = game.new_initial_state()
    assert state.is_chance_node() and state.current_player() == trumpf.CHANCE
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(32))
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
    rng = random.Random(5)
    for k in range(32):
        legal = [a for a, _ in state.chance_outcomes()]
        assert len(legal) == 32 - k
        state.apply_action(rng.choice(legal))
    assert not state.is_chance_node()
    hands = state.deal()
    assert [len(h) for h in hands] == [10, 10, 10, 2]
    assert len(state.history()) == 32
    # A card dealt twice is refused.
    fresh = game.new_initial_state()
    fresh.apply_action(0)
    with pytest.raises(trumpf.IllegalActionError):
        fresh.apply_action(0)


@pytest.mark.parametrize("name,part", [("spitzer", 8), ("spidge", 13)])
def test_explicit_chance_in_the_other_games(name, part):
    game = trumpf.load_game(name, chance="explicit")
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    assert [len(h) for h in state.deal()] == [part] * 4
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))


def test_rules_presets_and_dicts():
    pub = trumpf.load_game("skat", rules="pub").rules()
    assert pub["pass_out"] == "ramsch" and pub["kontra"] == "on"
    custom = trumpf.load_game("skat", rules={"preset": "pub", "kontra": "off", "scoring": "seeger_fabian"}).rules()
    assert custom["kontra"] == "off" and custom["scoring"] == "seeger_fabian" and custom["pass_out"] == "ramsch"
    assert trumpf.load_game("spidge", rules={"jokers": False}).rules()["jokers"] is False
    for bad in ["casino", {"kontra": "sometimes"}, {"colour": "red"}, 42]:
        with pytest.raises(trumpf.RulesError):
            trumpf.load_game("skat", rules=bad)
    with pytest.raises(trumpf.TrumpfError):
        trumpf.load_game("chess")


def test_views_hide_the_other_hands():
    state = trumpf.load_game("skat").new_initial_state(seed=11)
    hands = state.deal()
    for seat in range(3):
        view = state.view(seat)
        assert sorted(view["hand"]) == sorted(hands[seat])
        text = state.information_state_string(seat)
        assert text.startswith(f"skat seat={seat}")
        for other in range(3):
            if other != seat:
                assert not set(hands[other]) & set(view["hand"])


def test_records_read_back_with_the_engine():
    game = trumpf.load_game("skat")
    end = playout(game, 4)
    record = end.to_record()
    assert record.startswith("trumpf-record 1\ngame skat\n")
    scores = [l for l in record.splitlines() if l.startswith("scores ")]
    assert scores == ["scores " + " ".join(str(int(r)) for r in end.returns())]
    unfinished = game.new_initial_state(seed=4)
    unfinished.apply_action(unfinished.legal_actions()[0])
    assert "scores" not in unfinished.to_record()


def test_repr_and_str():
    state = trumpf.load_game("spidge").new_initial_state(seed=1)
    assert repr(state).startswith("<trumpf.State spidge:")
    assert "spidge deal" in str(state)


def test_bots_make_spells_pimc_settings_as_the_spec():
    from trumpf import bots

    bot = bots.make("pimc", worlds=4, inference=False, rollouts=True)
    assert bot.spec.startswith("pimc:worlds=4,inference=off,")
    assert ",rollouts=on," in bot.spec or bot.spec.endswith(",rollouts=on")
    bot = bots.make("pimc", worlds=4, pickup="kind", budget=2)
    assert bot.spec.startswith("pimc:worlds=4,")
    assert ",pickup=kind," in bot.spec and bot.spec.endswith(",budget=2")
    with pytest.raises(trumpf.TrumpfError):
        bots.make("pimc", pickup="sometimes")
    assert bots.make("pimc", level="hard").spec == "hard"
    with pytest.raises(ValueError):
        bots.make("pimc", level="medium", rollouts=False)
    with pytest.raises(trumpf.TrumpfError):
        bots.make("pimc:rollouts=maybe")
