"""gomoku_gauntlet.py against narabe's own Gomocup front door and a tiny fake brain; the openings.

No outside engine is needed: the opponent is narabe itself (proto=gomocup), or
a Python Gomocup brain written here that plays the first empty point, or an
occupied point, or too slowly.
"""

import json
import math
import subprocess
import sys
import textwrap

import pytest

import gomoku_gauntlet as gg
import gomoku_openings as go
import narabe_match as nm
from conftest import assert_no_traceback, run_script

# A Gomocup brain in a few lines: START -> OK; BOARD ... DONE -> a move. MODE
# "first" plays the first empty point (x then y), "occupied" the first stone
# given, "slow" the first empty point after 1.5 s, "racy" like "first" but a
# line that comes within 0.3 s of its last answer puts it out of step for good
# (it then answers every DONE with an ERROR), as a brain that marks itself idle
# only after printing its move.
FAKE_BRAIN = textwrap.dedent("""\
    import sys, time
    mode = sys.argv[1]
    size, stones, reading, answered, broken = 15, [], False, 0.0, False
    for line in sys.stdin:
        words = line.strip().split()
        if not words:
            continue
        if mode == "racy" and time.monotonic() - answered < 0.3:
            broken = True
        if words[0] == "START":
            size = int(words[1]); print("OK", flush=True); answered = time.monotonic()
        elif words[0] == "BOARD":
            stones, reading = [], True
        elif reading and words[0] != "DONE":
            x, y, _ = words[0].split(","); stones.append((int(x), int(y)))
        elif words[0] == "DONE":
            reading = False
            empty = [(x, y) for x in range(size) for y in range(size) if (x, y) not in stones]
            if mode == "slow":
                time.sleep(1.5)
            x, y = stones[0] if mode == "occupied" else empty[0]
            print("ERROR Unknown command: TIMEOUT_TURN" if broken else f"{x},{y}", flush=True)
            answered = time.monotonic()
        elif words[0] == "END":
            break
""")


@pytest.fixture()
def brain(tmp_path):
    path = tmp_path / "fake_brain.py"
    path.write_text(FAKE_BRAIN)
    return path


def test_pentanomial_statistics_edges():
    even = gg.pentanomial_stats([1, 2, 4, 2, 1])
    assert even["score"] == 0.5 and even["elo"] == 0 and even["los"] == 0.5 and even["elo_error"] > 0
    ahead = gg.pentanomial_stats([0, 1, 2, 4, 3])
    assert ahead["elo"] > 0 and 0.5 < ahead["los"] < 1
    assert gg.pentanomial_stats([0, 0, 0, 0, 5])["elo"] == math.inf
    assert gg.pentanomial_stats([0, 0, 0, 0, 0])["elo"] == 0
    assert gg.pentanomial_stats([0, 0, 3, 0, 0])["elo_error"] == 0


def test_failures_are_counted_per_engine_and_forbidden_moves_apart():
    def game(result, termination, reason=""):
        return {"first": {"name": "a"}, "second": {"name": "b"}, "opening": {"moves": ["h8", "h9", "i9"]},
                "moves": [{"move": "g7", "ms": 400}, {"move": "j10", "ms": 620}], "result": result,
                "termination": termination, "reason": reason}
    facts = gg.game_facts([game("1-0", "time forfeit"), game("0-1", "illegal move", "b2 is forbidden for black"),
                           game("0-1", "illegal move", "cell b2 is occupied"), game("1-0", "normal")],
                          ["a", "b"], movetime=500)
    assert facts["failures"] == {"b": {"time forfeit": 1}, "a": {"forbidden move": 1, "illegal move": 1}}
    # After a 3-ply opening the second player moves first.
    assert facts["timing"]["b"]["max_ms"] == 400 and facts["timing"]["a"]["over_movetime"] == 4


def test_narabe_against_its_own_gomocup_brain(tmp_path, engine_bin, match_bin):
    out = tmp_path / "run"
    args = ["--opponent", engine_bin, "--opponent-name", "brain", "--narabe", "native", "--rules",
            "freestyle,renju", "--games", "2", "--movetime", "40", "--seed", "7", "--out", out, "--quiet"]
    done = run_script("gomoku_gauntlet.py", *args, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    summary = json.loads((out / "summary.json").read_text())
    assert summary["engines"] == ["narabe", "brain"] and summary["complete"]
    for rule in ("freestyle", "renju"):
        header = nm.read_results(out / f"{rule}.jsonl").header
        assert header["game"] == f"gomoku size 15 rule {rule}" and header["seed"] == 7
        s = summary["rules"][rule]
        assert s["games"] == 2 and sum(s["pentanomial"]) == 1
        # The Python pair statistics agree with narabe-match's own on each rule.
        mine = gg.pentanomial_stats(s["pentanomial"])
        for key in ("elo", "nelo", "los"):
            if isinstance(s[key], (int, float)) and math.isfinite(s[key]):
                assert mine[key] == pytest.approx(s[key], abs=0.01), key
    total = summary["total"]
    assert total["games"] == 4 and sum(total["pentanomial"]) == 2
    assert "total (freestyle + renju)" in done.stdout and "Ptnml(0-2)" in done.stdout

    again = run_script("gomoku_gauntlet.py", *args, timeout=60)
    assert again.returncode == 3 and "--resume" in again.stderr
    resumed = run_script("gomoku_gauntlet.py", *args, "--resume", timeout=120)
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    assert json.loads((out / "summary.json").read_text())["total"]["games"] == 4
    for one in (done, again, resumed):
        assert_no_traceback(one)


def test_failures_of_a_bad_brain_are_reported(tmp_path, engine_bin, match_bin, brain):
    for mode, kind in (("occupied", "illegal move"), ("slow", "time forfeit")):
        out = tmp_path / mode
        done = run_script("gomoku_gauntlet.py", "--opponent", sys.executable, "--opponent-args", f"{brain} {mode}",
                          "--opponent-name", "fake", "--rules", "freestyle", "--games", "2", "--movetime", "200",
                          "--seed", "1", "--out", out, "--quiet", timeout=120)
        assert done.returncode == 0, done.stdout + done.stderr
        summary = json.loads((out / "summary.json").read_text())
        assert summary["rules"]["freestyle"]["failures"] == {"fake": {kind: 2}}, summary
        assert f"failures of fake: {kind} 2" in done.stdout
        assert summary["rules"]["freestyle"]["wins"] == 2


def converse(argv, requests: int) -> list[str]:
    """Sends START, then each BOARD request as soon as the previous answer came; the answers."""
    process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    answers = []
    try:
        process.stdin.write("START 15\n")
        answers.append(process.stdout.readline().strip())
        for _ in range(requests):
            process.stdin.write("INFO timeout_turn 500\nBOARD\n7,7,2\nDONE\n")
            answers.append(process.stdout.readline().strip())
        process.stdin.write("END\n")
        process.stdin.close()
        assert process.wait(timeout=10) == 0
    finally:
        process.kill()
    return answers


def test_relay_holds_requests_that_follow_an_answer_at_once(brain):
    racy = [sys.executable, str(brain), "racy"]
    assert converse(racy, 2)[1:] == ["ERROR Unknown command: TIMEOUT_TURN"] * 2
    relayed = converse([sys.executable, str(gg.RELAY), "--hold-ms", "400", *racy], 3)
    assert relayed == ["OK", "0,0", "0,0", "0,0"]


def test_the_opponent_behind_the_relay(tmp_path, engine_bin, match_bin, brain):
    out = tmp_path / "relayed"
    done = run_script("gomoku_gauntlet.py", "--opponent", sys.executable, "--opponent-args", f"{brain} first",
                      "--opponent-hold", "20", "--opponent-name", "fake", "--rules", "renju", "--games", "2",
                      "--movetime", "200", "--seed", "1", "--out", out, "--quiet", timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "gomocup_relay.py --hold-ms 20" in done.stdout
    summary = json.loads((out / "summary.json").read_text())
    assert summary["rules"]["renju"]["wins"] == 2 and summary["rules"]["renju"]["failures"] == {}


def test_user_errors(tmp_path, engine_bin, match_bin):
    odd = run_script("gomoku_gauntlet.py", "--opponent", engine_bin, "--games", "3")
    assert odd.returncode == 2 and "even" in odd.stderr
    rule = run_script("gomoku_gauntlet.py", "--opponent", engine_bin, "--rules", "freestyle,caro")
    assert rule.returncode == 2 and "--rules" in rule.stderr
    missing = run_script("gomoku_gauntlet.py", "--opponent", tmp_path / "none", "--out", tmp_path / "x")
    assert missing.returncode == 3 and "not a file" in missing.stderr
    size = run_script("gomoku_gauntlet.py", "--opponent", engine_bin, "--opponent-name", "b", "--size", "19",
                      "--out", tmp_path / "y")
    assert size.returncode == 3 and "15x15" in size.stderr
    for done in (odd, rule, missing, size):
        assert_no_traceback(done)


def test_candidate_openings_are_one_per_symmetry_class():
    candidates = go.candidate_openings(15, 3)
    keys = {go.canonical(((ord(m[0][0]) - 97, int(m[0][1:]) - 1), (ord(m[2][0]) - 97, int(m[2][1:]) - 1)),
                         (ord(m[1][0]) - 97, int(m[1][1:]) - 1), 15) for m in candidates}
    assert len(keys) == len(candidates) == 38  # 3x3: C(9,2) * 7 = 252 positions in 38 classes
    assert all(len(set(m)) == 3 and all(c[0] in "ghi" and c[1:] in ("7", "8", "9") for c in m) for m in candidates)
    scores = go.parse_scores(["info depth 1 score cp 12 pv h8", "info depth 2 score cp -40 pv h8",
                              "info depth 3 score cp 100", "info depth 3 score cp 60", "bestmove h8"])
    assert scores == {1: ("cp", 12), 2: ("cp", -40), 3: ("cp", 60)}
    assert go.balance_score(scores, 3) == ("cp", 10) and go.balance_score(scores, 1) == ("cp", 12)
    assert go.balance_score({3: ("mate", 2), 4: ("cp", 0)}, 4) == ("mate", 2)


def test_openings_generator_writes_a_file_narabe_match_reads(tmp_path, engine_bin, match_bin):
    book = tmp_path / "book.txt"
    done = run_script("gomoku_openings.py", "--out", book, "--count", "3", "--depth", "1", "--band", "100000",
                      "--box", "3", "--seed", "2")
    assert done.returncode == 0, done.stdout + done.stderr
    lines = [line for line in book.read_text().splitlines() if line and not line.startswith("#")]
    assert len(lines) == 3 and all(len(line.split()) == 3 for line in lines)
    assert "seed 2" in book.read_text() and "+/-100000 cp" in book.read_text()
    # narabe-match accepts every line under renju (its check runs before the first game).
    out = tmp_path / "g.jsonl"
    played = nm.run_match(nm.match_command(match_bin, game="gomoku size 15 rule renju",
                                           engines=[nm.Engine(cmd=str(engine_bin), name="a"),
                                                    nm.Engine(cmd=str(engine_bin), name="b")],
                                           each=["depth=1"], rounds=1, out=out,
                                           extra=["--openings", f"file={book}"]), echo=False,
                          stdout=open(tmp_path / "log", "w"))
    assert played == 0 and len(nm.read_results(out).games) == 2


def test_the_checked_in_openings():
    text = gg.DEFAULT_OPENINGS.read_text()
    openings = [line.split() for line in text.splitlines() if line and not line.startswith("#")]
    assert len(openings) >= 24  # 48 games a rule without using an opening twice
    seen = set()
    for moves in openings:
        points = [(ord(m[0]) - 97, int(m[1:]) - 1) for m in moves]
        assert len(set(points)) == 3 and all(5 <= f <= 9 and 5 <= r <= 9 for f, r in points), moves
        key = go.canonical((points[0], points[2]), points[1], 15)
        assert key not in seen, moves
        seen.add(key)
    assert "made by: matches/gomoku_openings.py" in text
