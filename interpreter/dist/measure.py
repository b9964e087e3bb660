"""Bytes moved between workers, as the cost model's calibration measures them.

`measure_bytes` reads the change of every worker's `transfer_outgoing_bytes_total`
(dask.distributed 2026.8 has no incoming total; broadcast-by-scatter shows up only on the
sender's outgoing counter).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from distributed import Client




@dataclass(frozen=True)
class Measured:
    value: Any
    total: int  # bytes, summed over workers
    per_worker: dict[str, int]


def _out_total(dask_worker: Any) -> int:
    return int(dask_worker.transfer_outgoing_bytes_total)


def measure_bytes(client: Client, fn: Callable[[], Any]) -> Measured:
    """Worker -> worker bytes moved while fn runs: the change of each worker's
    transfer_outgoing_bytes_total (sizeof bytes of every get_data it served: peer
    fetches, replicate, and also client.gather, so fn should not collect). fn must wait
    for its work (e.g. return bm.persist())."""
    before = client.run(_out_total)
    value = fn()
    after = client.run(_out_total)
    per = {w: after[w] - before.get(w, 0) for w in after}
    return Measured(value=value, total=sum(per.values()), per_worker=per)
