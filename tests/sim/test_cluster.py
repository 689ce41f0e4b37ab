"""``--scheduler``: the same games on a real Dask LocalCluster (two worker processes) give
the same summary and page as the local run."""

from __future__ import annotations

from pathlib import Path

import distributed  # the test extra installs it: this test must run, not skip
import pytest

from rules.sim.simulation import Request, simulate

DATA = Path(__file__).resolve().parent.parent / "data" / "sim"


@pytest.mark.slow  # a real Dask LocalCluster: CI's slow suite
@pytest.mark.timeout(240)
def test_a_local_cluster_gives_the_same_report_as_local_workers(tmp_path: Path) -> None:
    def request(out: Path, scheduler: str | None) -> Request:
        return Request(game="dreadnought", games=30, seed=3, decks=("Mirror", "Mirror"),
                       agents=("random", "random"), pack=DATA / "planted", workers=2,
                       scheduler=scheduler, out=out)

    local = simulate(request(tmp_path / "local", None))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        remote = simulate(request(tmp_path / "cluster", cluster.scheduler_address))
    assert not remote.interrupted and remote.summary["games_done"] == 30
    assert remote.summary == local.summary
    for name in ("summary.json", "report.html"):
        assert (tmp_path / "cluster" / name).read_bytes() == \
            (tmp_path / "local" / name).read_bytes()


@pytest.mark.slow  # process pools and a real Dask LocalCluster: CI's slow suite
@pytest.mark.timeout(300)
def test_a_paired_experiment_is_the_same_on_one_worker_two_or_a_local_cluster(
        tmp_path: Path) -> None:
    def request(out: Path, workers: int, scheduler: str | None = None) -> Request:
        return Request(game="dreadnought", games=24, seed=11, decks=("Mirror", "Mirror"),
                       agents=("random", "random"), pack=DATA / "planted", workers=workers,
                       scheduler=scheduler, out=out, variants=("jade_drone.bp=100",))

    one = simulate(request(tmp_path / "one", 1))
    two = simulate(request(tmp_path / "two", 2))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        remote = simulate(request(tmp_path / "cluster", 2, cluster.scheduler_address))
    assert one.summary["experiment"]["arms"][1]["paired"]["pairs"] == 24
    assert one.summary == two.summary == remote.summary
    for name in ("summary.json", "report.html"):
        data = (tmp_path / "one" / name).read_bytes()
        assert data == (tmp_path / "two" / name).read_bytes()
        assert data == (tmp_path / "cluster" / name).read_bytes()
    records = sorted(p.name for p in (tmp_path / "one" / "games").iterdir())
    assert records and records == sorted(p.name for p in (tmp_path / "two" / "games").iterdir())
    for name in records:
        assert (tmp_path / "one" / "games" / name).read_bytes() == \
            (tmp_path / "cluster" / "games" / name).read_bytes()
