"""Ray: a duplicate tournament spread over a local Ray instance gives the
same numbers as `trumpf sim` for the same seed; a self-play run writes
every deal."""

import json
import os
import pathlib
import subprocess

import pytest

pytest.importorskip("ray")

from trumpf import ray_sim  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[3]


def trumpf_binary():
    if os.environ.get("TRUMPF_BIN"):
        return os.environ["TRUMPF_BIN"]
    for profile in ("release", "debug"):
        path = ROOT / "target" / profile / "trumpf"
        if path.exists():
            return str(path)
    pytest.skip("no trumpf binary: build it (cargo build -p trumpf) or set TRUMPF_BIN")


@pytest.fixture(scope="module")
def ray_instance():
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


@pytest.mark.parametrize(
    "args",
    [
        ["skat", "--a", "heuristic", "--b", "random", "--deals", "24", "--seed", "5"],
        ["spitzer", "--a", "random", "--b", "heuristic", "--deals", "10", "--seed", "2"],
        ["skat", "--a", "pimc:worlds=4,inference=off,exact=0,bidding=0", "--b", "heuristic", "--deals", "4", "--seed", "9", "--rules", "pub"],
    ],
)
def test_the_same_numbers_as_trumpf_sim(ray_instance, capsys, args):
    sim = subprocess.run([trumpf_binary(), "sim", *args, "--json"], capture_output=True, text=True, check=True)
    sim_lines = sim.stdout.strip().splitlines()
    assert ray_sim.main([*args, "--json", "--chunk", "5"]) == 0
    ray_lines = capsys.readouterr().out.strip().splitlines()
    expected, got = json.loads(sim_lines[-1]), json.loads(ray_lines[-1])
    expected.pop("fallbacks")
    assert got == expected
    assert ray_lines[:-1] == sim_lines[:-1]


def test_selfplay_writes_every_deal(ray_instance, tmp_path, capsys):
    out = tmp_path / "games.jsonl"
    assert ray_sim.main(["selfplay", "spidge", "--bot", "heuristic", "--deals", "6", "--seed", "3", "--out", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["deal"] for r in rows] == list(range(6))
    assert all(r["record"].startswith("trumpf-record 1\ngame spidge") for r in rows)
    assert "6 deals of spidge" in capsys.readouterr().out
