"""regress.py end to end, on a tiny git repository whose "build" writes an engine wrapper.

Each commit's build.sh writes out/engine: a shell script that runs the real
narabe but rewrites every `setoption name Level` to the commit's level.txt. So
the "weak" commit plays at Level easy and the "strong" one at Level max whatever
regress.py asks for, which gives the SPRT a clear answer within a few dozen
tic-tac-toe games.
"""

import subprocess

import pytest

from conftest import assert_no_traceback, run_script

FAST = ["--game", "tictactoe", "--limit", "depth=9", "--sprt", "elo0=0 elo1=50", "--seed", "5",
        "--build-command", "sh build.sh", "--engine-path", "out/engine"]

WRAPPER = """#!/bin/sh
# narabe with its Level forced to @LEVEL@ (a test double for a weaker or stronger build).
sed -u 's/^setoption name Level value .*/setoption name Level value @LEVEL@/' | "@NARABE@"
"""

BUILD = """#!/bin/sh
set -e
mkdir -p out
sed -e "s|@LEVEL@|$(cat level.txt)|" -e "s|@NARABE@|$(cat narabe.txt)|" engine.sh.in > out/engine
chmod +x out/engine
"""


def git(repo, *args):
    return subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
                          check=True, capture_output=True, text=True).stdout.strip()


@pytest.fixture(scope="module")
def repo(tmp_path_factory, engine_bin, match_bin):
    """A repository with two commits: 'weak' (Level easy) then 'strong' (Level max)."""
    root = tmp_path_factory.mktemp("regress") / "repo"
    root.mkdir()
    git(root, "init", "-q")
    (root / "engine.sh.in").write_text(WRAPPER)
    (root / "build.sh").write_text(BUILD)
    (root / "narabe.txt").write_text(str(engine_bin))
    (root / ".gitignore").write_text("out/\n")
    (root / "level.txt").write_text("easy\n")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "weak")
    weak = git(root, "rev-parse", "HEAD")
    (root / "level.txt").write_text("max\n")
    git(root, "commit", "-qam", "strong")
    strong = git(root, "rev-parse", "HEAD")
    return {"root": root, "weak": weak, "strong": strong, "match": match_bin}


def regress(repo, *args, candidate=None, work_dir):
    return run_script("regress.py", "--candidate", candidate or repo["root"], "--work-dir", work_dir,
                      "--match", repo["match"], *FAST, *args)


def test_stronger_candidate_accepts_h1(repo, tmp_path):
    done = regress(repo, "--baseline", "HEAD~1", "--max-games", "400", work_dir=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "verdict: H1 accepted" in done.stdout
    assert f"baseline {repo['weak'][:12]}" in done.stdout
    assert list((tmp_path / "runs").glob("*.jsonl"))


def test_weaker_candidate_accepts_h0_and_the_baseline_build_is_reused(repo, tmp_path):
    candidate = tmp_path / "weak-clone"
    subprocess.run(["git", "clone", "-q", str(repo["root"]), str(candidate)], check=True)
    git(candidate, "checkout", "-q", repo["weak"])
    work = tmp_path / "work"
    done = regress(repo, "--baseline", repo["strong"], "--max-games", "400", candidate=candidate, work_dir=work)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "verdict: H0 accepted" in done.stdout
    again = regress(repo, "--baseline", repo["strong"], "--max-games", "2", candidate=candidate, work_dir=work)
    assert f"baseline {repo['strong'][:12]}: reusing the build" in again.stdout


def test_game_cap_without_decision_is_inconclusive(repo, tmp_path):
    done = regress(repo, "--baseline", "HEAD", "--max-games", "4", work_dir=tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "inconclusive" in done.stdout
    assert "games 4:" in done.stdout


def test_errors_exit_3_without_traceback(repo, tmp_path):
    bad_ref = regress(repo, "--baseline", "no-such-branch", work_dir=tmp_path)
    assert bad_ref.returncode == 3 and "is not a commit" in bad_ref.stderr
    failed_build = regress(repo, "--baseline", "HEAD~1", "--build-command", "echo broken >&2; exit 7",
                           work_dir=tmp_path)
    assert failed_build.returncode == 3 and "broken" in failed_build.stderr
    for done in (bad_ref, failed_build):
        assert_no_traceback(done)


def test_usage_errors_exit_2(repo, tmp_path):
    done = regress(repo, "--baseline", "HEAD", "--limit", "depth=0", work_dir=tmp_path)
    assert done.returncode == 2 and "positive" in done.stderr
    assert_no_traceback(done)


def test_openings_file_is_played(repo, tmp_path):
    openings = tmp_path / "openings.txt"
    openings.write_text("# two tic-tac-toe openings\nmoves a1\nmoves b2 a1\n")
    done = regress(repo, "--baseline", "HEAD", "--max-games", "4", "--openings-file", str(openings),
                   work_dir=tmp_path / "work")
    assert done.returncode == 2, done.stdout + done.stderr
    games = [line for run in (tmp_path / "work" / "runs").glob("*.jsonl") for line in run.read_text().splitlines()
             if '"type":"game"' in line]
    assert len(games) == 4
    assert all('"moves":["a1"]' in g or '"moves":["b2","a1"]' in g for g in games)
    missing = regress(repo, "--baseline", "HEAD", "--openings-file", str(tmp_path / "none.txt"),
                      work_dir=tmp_path / "work")
    assert missing.returncode == 3 and "does not exist" in missing.stderr
    assert_no_traceback(missing)
