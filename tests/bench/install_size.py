"""Install size and time: the light install (`pip install hanabi-service`: engine, bots, simulator,
bot runner, SDK) against the full one (`hanabi-service[server]`).

Each round builds the project's wheel once, then installs it into fresh virtual environments, the
light and the full install alternately, with this environment's pip and its cache as it is (warm
after the first round: the time is then pip's resolving, unpacking and byte-compiling, not the
download). Size: the environment's site-packages on disk; distributions: how many were installed.

Usage: .venv/bin/python tests/bench/install_size.py [--rounds N] [--json]
"""

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.light_install import build_wheel, make_venv, pip_install, site_packages

INSTALLS = {"light": "", "full": "[server]"}


def disk_size(path: Path) -> int:
    return sum(os.lstat(os.path.join(folder, name)).st_size for folder, _, names in os.walk(path) for name in names)


def install(wheel: Path, extra: str, workdir: Path) -> dict:
    python = make_venv(workdir)
    start = time.perf_counter()
    result = pip_install(python, f"{wheel}{extra}")
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"pip failed: {result.stderr}")
    site = site_packages(python)
    return {
        "seconds": seconds,
        "megabytes": disk_size(site) / 1e6,
        "distributions": len(list(site.glob("*.dist-info"))),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    runs: dict[str, list[dict]] = {name: [] for name in INSTALLS}
    with tempfile.TemporaryDirectory() as folder:
        workdir = Path(folder)
        wheel = build_wheel(workdir)
        for round_ in range(args.rounds):
            for name, extra in INSTALLS.items():
                runs[name].append(install(wheel, extra, workdir / f"{name}-{round_}"))
    results = {
        name: {
            "seconds_median": round(statistics.median(r["seconds"] for r in rounds), 1),
            "seconds_all": [round(r["seconds"], 1) for r in rounds],
            "megabytes": round(rounds[-1]["megabytes"], 1),
            "distributions": rounds[-1]["distributions"],
        }
        for name, rounds in runs.items()
    }
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for name, r in results.items():
        print(
            f"{name:>5}: {r['megabytes']:>6} MB in site-packages, {r['distributions']:>3} distributions, "
            f"install {r['seconds_median']} s (median of {r['seconds_all']})"
        )


if __name__ == "__main__":
    main()
