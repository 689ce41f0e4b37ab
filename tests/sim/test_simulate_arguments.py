"""``playtable simulate``'s command line (issue 33 items 7-9): nonsense worker counts,
confidences and scheduler addresses are one line naming the argument, never a traceback or a
storm of processes; no more workers than games are started; a scheduler that accepts the
connection and never answers is given up on after the connection timeout."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import rules.sim.runner as runner
from rules.__main__ import main as rules_main
from rules.sim.plan import plan
from rules.sim.simulation import MAX_WORKERS, Request, simulate


def _simulate(tmp_path: Path, *more: str) -> list[str]:
    return ["simulate", "--game", "dreadnought", "--games", "4", "--quiet",
            "--out", str(tmp_path / "report"), *more]


@pytest.fixture
def no_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse() -> Any:
        raise AssertionError("a process pool was started")
    monkeypatch.setattr(runner, "_context", refuse)


def _one_line_error(capsys: pytest.CaptureFixture[str], starts: str) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"simulate: {starts}"), err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize("workers", ["0", "-3", "100000", str(MAX_WORKERS + 1)])
def test_a_worker_count_out_of_bounds_is_refused_before_anything_starts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], no_pool: None,
        workers: str) -> None:
    assert rules_main(_simulate(tmp_path, "--workers", workers)) == 2
    err = _one_line_error(capsys, "--workers: need 1 to ")
    assert f"got {workers} " in err
    assert not (tmp_path / "report").exists()


class _Pool:
    sizes: list[int] = []

    def __init__(self, workers: int, initializer: Any = None) -> None:
        self.sizes.append(workers)

    def apply_async(self, fn: Any, args: Any, callback: Any, error_callback: Any) -> None:
        callback([])

    def terminate(self) -> None:
        pass

    def join(self) -> None:
        pass


def test_no_more_worker_processes_than_games_are_started(
        monkeypatch: pytest.MonkeyPatch) -> None:
    class Context:
        Pool = _Pool

    monkeypatch.setattr(runner, "_context", Context)
    _Pool.sizes = []
    matches = plan("dreadnought", 4, 0, ("A", "B"), ("random", "random"))
    assert runner.run_local(matches, 64, lambda r: None)
    assert _Pool.sizes == [4]


@pytest.mark.parametrize("confidence", ["2", "nan", "1", "0", "-0.5", "inf"])
def test_a_confidence_outside_0_to_1_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], no_pool: None,
        confidence: str) -> None:
    assert rules_main(_simulate(tmp_path, "--workers", "1", "--confidence", confidence)) == 2
    _one_line_error(capsys, "--confidence: need a number between 0 and 1")


@pytest.mark.parametrize("address", ["not a url", "tcp://", "foo://host:8786", "host",
                                     "tcp://host:99999", "tcp://host:port", "tcp://h:1/x",
                                     "1_-%] x", "tcp://[::1:8786"])
def test_a_scheduler_that_is_not_an_address_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], address: str) -> None:
    assert rules_main(_simulate(tmp_path, "--scheduler", address)) == 2
    err = _one_line_error(capsys, f"--scheduler: {address!r} is not a scheduler address")
    assert "HOST:PORT" in err


def test_good_scheduler_addresses_pass_the_check() -> None:
    for address in ("localhost:8786", "tcp://10.0.0.5:8786", "tls://[::1]:8786",
                    "ws://sched.example.org:80"):
        runner.check_address(address)


@pytest.fixture
def silent_port() -> Iterator[socket.socket]:
    """A port on 127.0.0.1 that accepts connections (the kernel completes them into the
    backlog) and never says a word."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind(("127.0.0.1", 0))
    s.listen(8)
    yield s
    s.close()


@pytest.mark.timeout(60)  # before the fix this waited for the handshake for ever
def test_a_scheduler_that_accepts_and_never_answers_is_given_up_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        silent_port: socket.socket) -> None:
    address = f"tcp://127.0.0.1:{silent_port.getsockname()[1]}"
    assert rules_main(_simulate(tmp_path, "--scheduler", address,
                                "--connect-timeout", "0.3")) == 2
    _one_line_error(capsys, f"--scheduler {address}: no answer from a Dask scheduler "
                            "within 0.3 s")
    silent_port.settimeout(0)
    silent_port.accept()[0].close()  # it did connect: the port accepted and said nothing


@pytest.mark.timeout(60)
def test_the_connection_timeout_reaches_the_runner(tmp_path: Path,
                                                   silent_port: socket.socket) -> None:
    req = Request(game="dreadnought", games=2, agents=("random", "random"),
                  scheduler=f"127.0.0.1:{silent_port.getsockname()[1]}",
                  connect_timeout=0.2, out=tmp_path)
    with pytest.raises(OSError, match="within 0.2 s"):
        simulate(req)


def test_a_nonsense_connection_timeout_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for seconds in ("0", "-1", "nan", "inf"):
        assert rules_main(_simulate(tmp_path, "--scheduler", "localhost:8786",
                                    "--connect-timeout", seconds)) == 2
        _one_line_error(capsys, "--connect-timeout: need a number of seconds above 0")
