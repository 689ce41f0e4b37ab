"""``--scheduler``: the same games on a real Dask LocalCluster (two worker processes) give
the same summary and page as the local run."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.sim.simulation import Request, simulate

distributed = pytest.importorskip("distributed")

DATA = Path(__file__).resolve().parent.parent / "data" / "sim"


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
