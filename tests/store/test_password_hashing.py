"""Passwords are hashed with argon2id: by default with RFC 9106's second recommended parameters,
in the API's gevent worker without holding up the worker's other requests, a wrong password
printing no traceback; a hash of other parameters is replaced at the next sign-in."""

import subprocess
import sys
import textwrap

from hanabi.store.credentials import PasswordHashing

WHILE_HASHING = textwrap.dedent(
    """
    from gevent import monkey

    monkey.patch_all()

    import gevent
    from hanabi.config import load_settings
    from hanabi.store.credentials import PasswordHashing

    hashing = PasswordHashing(load_settings({}).password_hashing)
    ticks = 0

    def tick():
        global ticks
        while True:
            ticks += 1
            gevent.sleep(0.001)

    ticker = gevent.spawn(tick)
    hashed = hashing.hash("correct horse battery")
    right, wrong = hashing.verify(hashed, "correct horse battery"), hashing.verify(hashed, "wrong")
    print(ticks, hashed.rsplit("$", 2)[0], right, wrong)
    """
)


def test_another_greenlet_runs_while_a_password_is_hashed_with_the_default_parameters():
    answer = subprocess.run([sys.executable, "-c", WHILE_HASHING], capture_output=True, text=True, timeout=120)
    assert answer.returncode == 0, answer.stderr
    ticks, parameters, right_verified, wrong_verified = answer.stdout.split()
    assert parameters == "$argon2id$v=19$m=65536,t=3,p=4"
    assert (right_verified, wrong_verified) == ("True", "False")
    assert "Traceback" not in answer.stderr, answer.stderr
    assert int(ticks) > 0  # the ticker ran while the hash was made, not only before or after it


def test_a_hash_of_other_parameters_still_verifies_and_is_outdated():
    default, cheapest = PasswordHashing("rfc9106-low-memory"), PasswordHashing("cheapest")
    cheap = cheapest.hash("correct horse battery")
    assert cheap.startswith("$argon2id$v=19$m=8,t=1,p=1$")
    assert default.verify(cheap, "correct horse battery") and not default.verify(cheap, "wrong")
    assert default.is_outdated(cheap) and not cheapest.is_outdated(cheap)
