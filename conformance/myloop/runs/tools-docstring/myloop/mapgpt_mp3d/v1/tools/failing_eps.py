import json
from pathlib import Path


def failing_eps(run_id: str) -> list[int]:
    """Episode indices that failed in a run."""
    base = Path("outputs/eval_runs") / run_id / "episodes"
    return [int(p.name[2:]) for p in sorted(base.glob("ep*")) if not json.loads((p / "episode.json").read_text())["success"]]
