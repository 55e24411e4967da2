"""
Filter episodes that stopped early.

Usage:
    from tools.failing_eps import filter_eps
    eps = filter_eps(run_id="20260515_134512")

Created: iter_2 (to support hyp_2 test design).
"""
import json
from pathlib import Path


def filter_eps(run_id: str) -> list[int]:
    base = Path("outputs/eval_runs") / run_id / "episodes"
    return [int(p.name[2:]) for p in sorted(base.glob("ep*"))]
