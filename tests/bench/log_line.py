"""The CPU one JSON log line costs: the API's access line (its extra fields and a request id)
formatted by hanabi.runtime.logs.JsonFormatter behind the context filter, as every request writes it.

    .venv/bin/python tests/bench/log_line.py                  # 200,000 lines, 5 rounds
    PYTHONPATH=/tmp/old/service .venv/bin/python tests/bench/log_line.py   # another version of the code

It prints the median over rounds of the thread's CPU time per line.
"""

import argparse
import logging
import statistics
import time

from hanabi.runtime.logs import REQUEST_ID, ContextFilter, JsonFormatter


def access_record() -> logging.LogRecord:
    extra = {
        "method": "POST",
        "path": "/v1/games/7/actions",
        "operation": "act",
        "status": 200,
        "duration_ms": 3.142,
        "account_id": 42,
    }
    record = logging.LogRecord("hanabi.access", logging.INFO, __file__, 1, "%s %s %s %.1f ms", (), None)
    record.args = ("POST", "/v1/games/7/actions", 200, 3.142)
    record.__dict__.update(extra)
    return record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lines", type=int, default=200_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    formatter, context = JsonFormatter(), ContextFilter()
    REQUEST_ID.set("5f0c6b1e9a4d4f0e8c2b7a1d3e5f7a9b")
    rounds = []
    for _ in range(args.rounds):
        started = time.thread_time()
        for _ in range(args.lines):
            record = access_record()
            context.filter(record)
            formatter.format(record)
        rounds.append((time.thread_time() - started) / args.lines)
    print(f"one access line: {statistics.median(rounds) * 1e6:.2f} µs of CPU (median of {args.rounds} rounds)")


if __name__ == "__main__":
    main()
