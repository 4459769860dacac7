"""The no-server broker: every message sent is received once, with producers and consumers
racing each other (kombu's own filesystem transport can hand out a message half written)."""

import threading
from queue import Empty

from hanabi.worker.filesystem_broker import Transport
from kombu import Connection

MESSAGES_PER_PRODUCER = 400


def test_racing_producers_and_consumers_deliver_every_message_exactly_once(tmp_path):
    folder = str(tmp_path)
    options = {"data_folder_in": folder, "data_folder_out": folder, "control_folder": folder, "polling_interval": 0}
    producers_done = threading.Event()
    received: list[list] = [[], []]
    errors = []

    def connection():
        return Connection("filesystem://localhost//", transport=Transport, transport_options=options)

    def produce(producer: int):
        with connection() as conn, conn.SimpleQueue("race") as queue:
            for n in range(MESSAGES_PER_PRODUCER):
                queue.put({"producer": producer, "n": n})

    def consume(consumer: int):
        try:
            with connection() as conn, conn.SimpleQueue("race") as queue:
                while True:
                    try:
                        message = queue.get(timeout=0.2)
                    except Empty:
                        if producers_done.is_set():
                            return
                        continue
                    received[consumer].append((message.payload["producer"], message.payload["n"]))
                    message.ack()
        except Exception as error:  # reported by the assertion below
            errors.append(error)

    consumers = [threading.Thread(target=consume, args=(c,)) for c in range(2)]
    producers = [threading.Thread(target=produce, args=(p,)) for p in range(2)]
    for thread in consumers + producers:
        thread.start()
    for thread in producers:
        thread.join()
    producers_done.set()
    for thread in consumers:
        thread.join(30)

    assert errors == []
    everything = received[0] + received[1]
    assert sorted(everything) == [(p, n) for p in range(2) for n in range(MESSAGES_PER_PRODUCER)]
    assert received[0] and received[1], "both consumers took part"


def test_a_message_published_before_the_binding_reaches_the_exchange_file_is_delivered(tmp_path):
    """kombu marks a binding declared in the process before it writes the exchange's file; a
    thread publishing in that window must still find the queue (kombu's own transport drops it)."""
    folder = str(tmp_path)
    options = {"data_folder_in": folder, "data_folder_out": folder, "control_folder": folder, "polling_interval": 0}
    with (
        Connection("filesystem://localhost//", transport=Transport, transport_options=options) as conn,
        conn.SimpleQueue("window") as queue,
    ):
        (tmp_path / "window.exchange").unlink()
        queue.put({"n": 1})
        message = queue.get(timeout=1)
        assert message.payload == {"n": 1}
        message.ack()
