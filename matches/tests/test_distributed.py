"""distributed.py on an in-process LocalCluster: an SPRT that stops the shards, and shards vs one run."""

import json
import subprocess

import narabe_match as nm
from conftest import assert_no_traceback, run_script


def lopsided(engine_bin, rounds):
    return ["--game", "tictactoe", "--engine", f"cmd={engine_bin}", "name=max", "option.Level=max",
            "--engine", f"cmd={engine_bin}", "name=easy", "option.Level=easy", "--each", "depth=9",
            "--rounds", str(rounds), "--openings", "plies=4", "--seed", "21"]


def seeded(engine_bin):
    # Levels with a fixed Seed replay the same game from the same opening, in any process.
    return ["--game", "tictactoe", "--engine", f"cmd={engine_bin}", "name=normal", "option.Level=normal",
            "option.Seed=7", "--engine", f"cmd={engine_bin}", "name=easy", "option.Level=easy", "option.Seed=9",
            "--each", "depth=9", "--rounds", "12", "--openings", "plies=2", "--seed", "11"]


def test_sprt_decision_stops_every_shard(tmp_path, engine_bin, match_bin):
    # 1500 games: far more than the SPRT needs, and more than a shard can finish while
    # a loaded machine delays the coordinator's decision (with 500, one shard once did).
    rounds = 750
    done = run_script("distributed.py", "--shards", "2", "--workers", "2", "--work-dir", tmp_path,
                      "--match", match_bin, "--", *lopsided(engine_bin, rounds),
                      "--sprt", "elo0=0", "elo1=50", timeout=90)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "SPRT H1 after" in done.stdout and "verdict: H1 accepted" in done.stdout
    assert done.stdout.count(", stopped") == 2  # both shards got the stop signal
    files = sorted(tmp_path.glob("shard-*-of-2.jsonl"))
    merged = nm.merge_json(match_bin, files)
    assert merged["sprt"]["decision"] == "H1"
    assert merged["games"] < 2 * rounds
    assert_no_traceback(done)


def test_shards_merge_to_the_unsharded_run(tmp_path, engine_bin, match_bin):
    single = tmp_path / "single.jsonl"
    subprocess.run([str(match_bin), *seeded(engine_bin), "--out", str(single), "--ratinginterval", "0"],
                   check=True, capture_output=True)
    work = tmp_path / "dist"
    done = run_script("distributed.py", "--shards", "2", "--workers", "2", "--work-dir", work,
                      "--match", match_bin, "--", *seeded(engine_bin), timeout=90)
    assert done.returncode == 0, done.stdout + done.stderr
    shard_files = sorted(work.glob("shard-*-of-2.jsonl"))
    sharded, whole = nm.merge_json(match_bin, shard_files), nm.merge_json(match_bin, [single])
    for key in ("games", "wins", "draws", "losses", "pentanomial"):
        assert sharded[key] == whole[key], key
    results = lambda files: {g["id"]: g["result"] for f in files for g in nm.read_results(f).games}  # noqa: E731
    assert results(shard_files) == results([single])
    # The coordinator's copies are whole results files: each has the run header first.
    for f in shard_files:
        assert json.loads(f.read_text().splitlines()[0])["type"] == "run"


def test_usage_errors(tmp_path, match_bin):
    own_out = run_script("distributed.py", "--match", match_bin, "--", "--game", "tictactoe", "--out", "x")
    assert own_out.returncode == 2 and "--out is set by distributed.py" in own_out.stderr
    nothing = run_script("distributed.py", "--match", match_bin)
    assert nothing.returncode == 2 and "after '--'" in nothing.stderr
    for done in (own_out, nothing):
        assert_no_traceback(done)
