"""kombu's filesystem transport, with messages that appear and disappear atomically.

kombu's own transport creates a message's file under its final name and then writes it, while
a consumer takes any file with that name without waiting for the writer's lock: a consumer
polling at the wrong moment reads an empty or partial message and the task is lost (tests of
bots playing through many messages a second did meet it). Here a message is written under a
name no consumer looks at and renamed into place once complete, and a consumer claims a
message by renaming it into a folder of claimed messages beside the queue (a rename within
one file system: of two consumers, exactly one gets the file).

Select it with Celery's `broker_transport` setting: "hanabi.worker.filesystem_broker:Transport".
"""

import os
import uuid
from pathlib import Path
from queue import Empty
from time import monotonic

from kombu.transport import filesystem
from kombu.utils.encoding import bytes_to_str, str_to_bytes
from kombu.utils.json import dumps, loads

CLAIMED_FOLDER = "claimed"


class Channel(filesystem.Channel):
    def _put(self, queue, payload, **kwargs):
        name = f"{int(round(monotonic() * 1000))}_{uuid.uuid4()}.{queue}.msg"
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


class Transport(filesystem.Transport):
    Channel = Channel
