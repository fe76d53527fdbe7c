"""Shared fixtures: the real narabe binaries and a way to run the harness's scripts.

The binaries come from $NARABE_BUILD_DIR (CTest sets it to the build being
tested), else the release preset's build folder. Tests that need them are
skipped, with the reason, when they are missing.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

MATCHES = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(MATCHES))  # elo_fit, narabe_match (never distributed.py: it is run as a script)

BUILD_DIR = Path(os.environ.get("NARABE_BUILD_DIR") or MATCHES.parent / "build" / "release")


def _binary(name: str) -> Path:
    path = BUILD_DIR / name
    if not (path.is_file() and os.access(path, os.X_OK)):
        pytest.skip(f"{path} is missing: build the targets narabe and narabe-match "
                    f"(or point NARABE_BUILD_DIR at a build folder)")
    return path


@pytest.fixture(scope="session")
def engine_bin() -> Path:
    return _binary("narabe")


@pytest.fixture(scope="session")
def match_bin() -> Path:
    return _binary("narabe-match")


@pytest.fixture(scope="session")
def gomoku_mate_bin() -> Path:
    """narabe-gomoku-mate (tools/gomoku_mate): the threat solver on problem files."""
    return _binary("narabe-gomoku-mate")


@pytest.fixture(scope="session")
def fake_bin() -> Path:
    """narabe-fake-engine (tests/tools/fake_engine.cpp): crashes, hangs or plays illegal moves on request."""
    return _binary("narabe-fake-engine")


def run_script(script: str, *args, timeout: float = 60, cwd=None) -> subprocess.CompletedProcess:
    """Runs matches/SCRIPT with this interpreter; returns the finished process (text output)."""
    env = dict(os.environ, NARABE_BUILD_DIR=str(BUILD_DIR))
    return subprocess.run([sys.executable, str(MATCHES / script), *map(str, args)], capture_output=True,
                          text=True, timeout=timeout, env=env, cwd=cwd)


def assert_no_traceback(done: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in done.stderr, done.stderr
