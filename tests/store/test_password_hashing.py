"""Hashing a password in the API's gevent worker lets the worker's other requests go on, and a
wrong password prints no traceback."""

import subprocess
import sys
import textwrap

WHILE_HASHING = textwrap.dedent(
    """
    from gevent import monkey

    monkey.patch_all()

    import gevent
    from hanabi.store.credentials import _verify, hash_password

    ticks = 0

    def tick():
        global ticks
        while True:
            ticks += 1
            gevent.sleep(0.001)

    ticker = gevent.spawn(tick)
    hashed = hash_password("correct horse battery")
    print(ticks, hashed.startswith("$argon2id$"), _verify(hashed, "correct horse battery"), _verify(hashed, "wrong"))
    """
)


def test_another_greenlet_runs_while_a_password_is_hashed():
    answer = subprocess.run([sys.executable, "-c", WHILE_HASHING], capture_output=True, text=True, timeout=120)
    assert answer.returncode == 0, answer.stderr
    ticks, is_argon2id, right_verified, wrong_verified = answer.stdout.split()
    assert (is_argon2id, right_verified, wrong_verified) == ("True", "True", "False")
    assert "Traceback" not in answer.stderr, answer.stderr
    assert int(ticks) > 0  # the ticker ran while the hash was made, not only before or after it
