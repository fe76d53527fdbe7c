"""gomoku_forced_losses.py with narabe's own Gomocup front door as the judge, on a record written here."""

import json
import re
import subprocess
from pathlib import Path

import pytest

import gomoku_forced_losses as gf
from conftest import assert_no_traceback, run_script

# narabe (Black) lets White's open three g7-g8-g9 stand with a5, and loses.
OPENING = ["h8", "g7", "a1"]
MOVES = ["g8", "a3", "g9", "a5", "g10", "a7", "g11"]


def write_record(path, *, narabe_first=True, result="0-1", fen=""):
    names = ("narabe", "judge") if narabe_first else ("judge", "narabe")
    header = {"type": "run", "version": 1, "game": "gomoku size 15 rule renju", "engines": list(names)}
    game = {"type": "game", "id": 0, "first": {"engine": 0, "name": names[0]},
            "second": {"engine": 1, "name": names[1]}, "opening": {"fen": fen, "moves": OPENING},
            "moves": [{"move": m, "ms": 1} for m in MOVES], "result": result}
    path.write_text(json.dumps(header) + "\n" + json.dumps(game) + "\n")
    return path


def test_points_and_names():
    assert gf.gomocup_point("a15", 15) == (0, 0)
    assert gf.gomocup_point("h8", 15) == (7, 7)
    assert gf.gomocup_point("o1", 15) == (14, 14)
    for bad in ("p1", "a16", "a0", "8h", ""):
        with pytest.raises(ValueError):
            gf.gomocup_point(bad, 15)
    assert gf.parse_game_name("gomoku size 20 rule standard") == (20, "standard")
    with pytest.raises(ValueError):
        gf.parse_game_name("gomoku size 15 rule overline-forbidden")
    for bad in ("reversi", "gomoku size", "gomoku size x rule renju", "gomoku rule"):
        with pytest.raises(ValueError):
            gf.parse_game_name(bad)


def test_a_claim_in_either_form():
    pattern = re.compile(gf.DEFAULT_MATE_PATTERN)
    assert gf.mate_claim(["Depth 20-23 | Eval +M25 | Time 335ms"], pattern) == "Depth 20-23 | Eval +M25 | Time 335ms"
    assert gf.mate_claim(["depth 5 score cp 120", "depth 218 score mate 2 nodes 2"], pattern).endswith("nodes 2")
    assert gf.mate_claim(["Eval -M25", "score mate -3", "depth 9 score cp 4000"], pattern) is None


def test_the_first_move_after_which_the_judge_sees_a_win(tmp_path, engine_bin, gomoku_mate_bin):
    record = write_record(tmp_path / "renju.jsonl")
    out = tmp_path / "forced.jsonl"
    done = run_script("gomoku_forced_losses.py", "--record", record, "--opponent", engine_bin, "--movetime", "200",
                      "--out", out, timeout=120)
    assert_no_traceback(done)
    assert done.returncode == 0, done.stderr
    assert "game 0: after narabe's a5 (ply 7 of 10)" in done.stdout
    assert "1 lost games; in 1 the opponent reports a forced win" in done.stdout
    [line] = [json.loads(text) for text in out.read_text().splitlines()]
    assert line["id"] == "game0-ply7" and line["played"] == "a5" and line["attacker"] == "white"
    assert line["black"] == ["H8", "A1", "A3", "A5"] and line["white"] == ["G7", "G8", "G9"]
    assert "score mate" in line["opponent_claim"]

    # The line is a problem narabe's threat solver reads and proves.
    solved = subprocess.run([str(gomoku_mate_bin), str(out), "--time-ms", "2000"], capture_output=True, text=True, timeout=60)
    assert solved.returncode == 0, solved.stderr
    assert "proved 1 of 1" in solved.stdout


def test_won_games_and_other_names_are_left_out(tmp_path, engine_bin):
    out = tmp_path / "forced.jsonl"
    for record in (write_record(tmp_path / "won.jsonl", result="1-0"),
                   write_record(tmp_path / "second.jsonl", narabe_first=False)):
        done = run_script("gomoku_forced_losses.py", "--record", record, "--opponent", engine_bin, "--out", out)
        assert done.returncode == 0, done.stderr
        assert "0 lost games; in 0" in done.stdout
        assert out.read_text() == ""


def test_user_errors(tmp_path, engine_bin):
    record = write_record(tmp_path / "renju.jsonl")
    out = tmp_path / "forced.jsonl"
    cases = [
        (["--record", tmp_path / "missing.jsonl", "--opponent", engine_bin], "no such file", 2),
        (["--record", record, "--opponent", engine_bin, "--mate-pattern", "("], "--mate-pattern", 2),
        (["--record", record, "--opponent", tmp_path / "no-brain"], "cannot start", 1),
        (["--record", record, "--opponent", "/bin/cat"], "START 15: the brain answered 'START 15'", 1),
        (["--record", write_record(tmp_path / "fen.jsonl", fen="15/15"), "--opponent", engine_bin],
         "starts from a fen", 2),
        (["--record", record, "--opponent", engine_bin, "--movetime", "0"], "--movetime", 2),
    ]
    for args, message, code in cases:
        done = run_script("gomoku_forced_losses.py", *args, "--out", out)
        assert_no_traceback(done)
        assert done.returncode == code, (args, done.stderr)
        assert message in done.stderr, (args, done.stderr)
    (tmp_path / "bad.jsonl").write_text('{"type": "run", "game": "reversi"}\n')
    done = run_script("gomoku_forced_losses.py", "--record", tmp_path / "bad.jsonl", "--opponent", engine_bin,
                      "--out", out)
    assert done.returncode == 2 and "not a Gomoku record" in done.stderr, done.stderr


def test_the_checked_in_positions(gomoku_mate_bin):
    """matches/positions/: each line a problem of its rule, stones on the board, the win claimed after narabe's move."""
    folder = Path(__file__).resolve().parent.parent / "positions"
    for rule in ("renju", "freestyle"):
        lines = [json.loads(text) for text in (folder / f"gomoku15-{rule}-forced-losses.jsonl").read_text().splitlines()]
        assert len(lines) > 40
        for line in lines:
            assert line["rule"] == rule and line["mode"] == "VCT"
            stones = [s.lower() for s in line["black"] + line["white"]]
            assert len(set(stones)) == len(stones) and all(gf.gomocup_point(s, 15) for s in stones)
            assert len(line["black"]) - len(line["white"]) == (0 if line["attacker"] == "black" else 1)
            assert line["played"].upper() == (line["white"] if line["attacker"] == "black" else line["black"])[-1]
            assert re.search(gf.DEFAULT_MATE_PATTERN, line["opponent_claim"])
    read = subprocess.run([str(gomoku_mate_bin), str(folder / "gomoku15-renju-forced-losses.jsonl"), "--time-ms", "1"],
                          capture_output=True, text=True, timeout=60)
    assert read.returncode == 0, read.stderr
    assert " of 41" in read.stdout
