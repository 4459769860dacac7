"""kombu's filesystem transport, with messages that appear and disappear atomically.

kombu's own transport creates a message's file under its final name and then writes it, while
a consumer takes any file with that name without waiting for the writer's lock: a consumer
polling at the wrong moment reads an empty or partial message and the task is lost. Here a message is written under a
name no consumer looks at and renamed into place once complete, and a consumer claims a
message by renaming it into a folder of claimed messages beside the queue (a rename within
one file system: of two consumers, exactly one gets the file).

Bindings are made safe the same way. kombu records a binding in its process-wide state before
writing it to the exchange's file, and writes that file in place: a thread that publishes in
between finds no queue bound and the message is silently dropped, and a reader can meet a file
truncated for rewriting. Here the table is rewritten whole and renamed into place under a lock,
and a lookup adds the bindings this process has declared to those in the file.

Message names start with a zero-padded clock, so that name order stays send order.

A wait for messages returns after STOP_CHECK_SECONDS at most: Celery's worker loop on a polling
transport waits 2 s per turn and looks whether it was told to stop only between turns, so a
worker on this transport would otherwise take up to 2 s to begin stopping.

Select it with Celery's `broker_transport` setting: "hanabi.worker.filesystem_broker:Transport".
"""

import fcntl
import os
import uuid
from contextlib import contextmanager
from pathlib import Path
from queue import Empty
from time import monotonic

from kombu.transport import filesystem
from kombu.transport.filesystem import exchange_queue_t
from kombu.utils.encoding import bytes_to_str, str_to_bytes
from kombu.utils.json import dumps, loads

CLAIMED_FOLDER = "claimed"
STOP_CHECK_SECONDS = 0.1
"""The longest a wait for messages lasts before it returns to its caller (empty-handed)."""


class Channel(filesystem.Channel):
    def _put(self, queue, payload, **kwargs):
        name = f"{int(round(monotonic() * 1000)):015d}_{uuid.uuid4()}.{queue}.msg"
        partial = os.path.join(self.data_folder_out, f".{name}.partial")
        with open(partial, "wb") as f:
            f.write(str_to_bytes(dumps(payload)))
        os.replace(partial, os.path.join(self.data_folder_out, name))

    def _get(self, queue):
        suffix = f"{queue}.msg"
        claimed_folder = Path(self.data_folder_in) / CLAIMED_FOLDER
        claimed_folder.mkdir(exist_ok=True)
        for name in sorted(os.listdir(self.data_folder_in)):
            if name.startswith(".") or name.partition(".")[2] != suffix:
                continue
            claimed = claimed_folder / name
            try:
                os.rename(os.path.join(self.data_folder_in, name), claimed)
            except FileNotFoundError:
                continue  # another consumer claimed it first
            payload = claimed.read_bytes()
            claimed.unlink()
            return loads(bytes_to_str(payload))
        raise Empty()

    def get_table(self, exchange):
        table = self._read_table(exchange)
        declared = self.state.exchanges.get(exchange, {}).get("table", [])
        return table + [binding for binding in map(exchange_queue_t._make, declared) if binding not in table]

    def _queue_bind(self, exchange, routing_key, pattern, queue):
        binding = exchange_queue_t(routing_key or "", pattern or "", queue or "")
        with self._table_lock(exchange):
            table = self._read_table(exchange)
            if binding not in table:
                self._write_table(exchange, [binding, *table])

    def _read_table(self, exchange) -> list:
        try:
            data = self._exchange_file(exchange).read_bytes()
        except FileNotFoundError:
            return []
        return [exchange_queue_t(*binding) for binding in loads(bytes_to_str(data))] if data else []

    def _write_table(self, exchange, table: list) -> None:
        path = self._exchange_file(exchange)
        partial = path.with_name(f".{path.name}.{uuid.uuid4().hex}.partial")
        partial.write_bytes(str_to_bytes(dumps(table)))
        os.replace(partial, path)

    @contextmanager
    def _table_lock(self, exchange):
        self.control_folder.mkdir(parents=True, exist_ok=True)
        lock_path = self._exchange_file(exchange).with_suffix(".lock")
        with open(lock_path, "a") as lock_file:
            fcntl.flock(lock_file, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock_file, fcntl.LOCK_UN)


class Transport(filesystem.Transport):
    Channel = Channel

    def drain_events(self, connection, timeout=None):
        if timeout is not None:
            timeout = min(timeout, STOP_CHECK_SECONDS)
        return super().drain_events(connection, timeout=timeout)
