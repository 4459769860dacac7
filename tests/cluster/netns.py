"""Hosts made of Linux network namespaces: each host a namespace with one address on a private
/24 of its own, joined by veth pairs to a bridge in the machine's namespace (which holds the
subnet's first address, so that the test reaches every host and no host reaches anything else:
the namespaces have no default route).

Every name this module makes starts with `hcl<pid>x<n>-` (namespaces) or `hc<pid>x<n>`
(interfaces), `n` counting the networks the process made: teardown removes exactly what one network
made, the next network of the process never meets a name the kernel is still taking down, and a
later run removes what a run that died left behind (its process id no longer running). A host's
processes are killed through its namespace (`ip netns pids`): whatever runs in a namespace of the
run was started by the run.
"""

import ipaddress
import os
import random
import re
import signal
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.waiting import until

NAMESPACE_PREFIX = "hcl"
_networks_made = 0
"""How many networks this process has made (the `n` of their names)."""


class NamespacesUnavailable(RuntimeError):
    """Network namespaces cannot be made here (not root, no `ip`, no permission)."""


def ip(*args: str, namespace: str | None = None, check: bool = True) -> subprocess.CompletedProcess:
    command = ["ip", *args] if namespace is None else ["ip", "netns", "exec", namespace, "ip", *args]
    return subprocess.run(command, check=check, capture_output=True, text=True)


def namespaces_unavailable() -> str | None:
    """Why namespaces cannot be made here, or None when they can (made and removed to see)."""
    if os.geteuid() != 0:
        return "network namespaces need root"
    name = f"{NAMESPACE_PREFIX}{os.getpid()}-probe"
    try:
        ip("netns", "add", name)
        ip("link", "set", "lo", "up", namespace=name)
    except FileNotFoundError:
        return "the `ip` command (iproute2) is missing"
    except subprocess.CalledProcessError as error:
        return f"`ip netns` failed: {error.stderr.strip()}"
    finally:
        subprocess.run(["ip", "netns", "delete", name], capture_output=True)
    return None


def remove_leftovers() -> None:
    """Namespaces and bridges of earlier runs whose process is gone (a run killed before its teardown)."""
    listing = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout
    dead: set[str] = set()
    for line in listing.splitlines():
        match = re.match(rf"({NAMESPACE_PREFIX}(\d+)(?:x\d+)?-\S+)", line)
        if match and not _running(int(match.group(2))):
            kill_namespace(match.group(1))
            subprocess.run(["ip", "netns", "delete", match.group(1)], capture_output=True)
            dead.add(match.group(2))
    links = subprocess.run(["ip", "-o", "link", "show", "type", "bridge"], capture_output=True, text=True).stdout
    for line in links.splitlines():
        match = re.match(r"\d+: (hc(\d+)(?:x\d+)?b)[:@]", line)
        if match and not _running(int(match.group(2))):
            subprocess.run(["ip", "link", "delete", match.group(1)], capture_output=True)


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def namespace_pids(namespace: str) -> list[int]:
    out = subprocess.run(["ip", "netns", "pids", namespace], capture_output=True, text=True).stdout
    return [int(pid) for pid in out.split()]


def kill_namespace(namespace: str, sig: int = signal.SIGKILL) -> int:
    """Signal every process of the namespace; how many there were."""
    pids = namespace_pids(namespace)
    for pid in pids:
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            pass
    return len(pids)


def free_subnet() -> ipaddress.IPv4Network:
    """A /24 of 10.0.0.0/8 that no route of this machine covers or touches."""
    routes = subprocess.run(["ip", "-4", "route", "show", "table", "all"], capture_output=True, text=True).stdout
    used = []
    for word in routes.split():
        try:
            used.append(ipaddress.ip_network(word, strict=False))
        except ValueError:
            continue
    rng = random.Random()
    for _ in range(200):
        subnet = ipaddress.ip_network(f"10.{rng.randrange(100, 250)}.{rng.randrange(1, 255)}.0/24")
        if not any(subnet.overlaps(net) for net in used if net.prefixlen > 0):
            return subnet
    raise NamespacesUnavailable("no free /24 in 10.0.0.0/8")


@dataclass
class Host:
    """One namespace with one address; `run` starts a process in it, with its output in `log`."""

    name: str
    namespace: str
    address: str
    outer_link: str
    network: "Network"
    processes: dict[str, subprocess.Popen] = field(default_factory=dict)

    def run(
        self,
        label: str,
        command: list[str],
        *,
        env: dict | None = None,
        user: str | None = None,
        cwd: str | Path | None = None,
    ) -> subprocess.Popen:
        """Start `command` in this host (as `user` if given), its output appended to
        <folder>/<host>-<label>.log."""
        prefix = ["ip", "netns", "exec", self.namespace]
        if user is not None:
            prefix += ["runuser", "-u", user, "--"]
        log_path = self.log(label)
        with open(log_path, "ab") as log:
            process = subprocess.Popen(
                prefix + command,
                env=env,
                cwd=cwd,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        self.processes[label] = process
        return process

    def execute(self, command: list[str], *, user: str | None = None, env: dict | None = None, timeout: float = 120):
        """Run `command` in this host to its end; its CompletedProcess (raises on failure, with its output)."""
        prefix = ["ip", "netns", "exec", self.namespace]
        if user is not None:
            prefix += ["runuser", "-u", user, "--"]
        result = subprocess.run(prefix + command, env=env, capture_output=True, text=True, timeout=timeout)
        if result.returncode != 0:
            raise RuntimeError(
                f"{' '.join(command)} on {self.name}: {result.returncode}\n{result.stdout}\n{result.stderr}"
            )
        return result

    def log(self, label: str) -> Path:
        return self.network.folder / f"{self.name}-{label}.log"

    def kill_all(self) -> int:
        """SIGKILL every process of the host (the host dies); how many there were."""
        count = kill_namespace(self.namespace)
        for process in self.processes.values():
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                pass
        return count

    def stop(self, label: str, sig: int = signal.SIGTERM, timeout: float = 30) -> None:
        """Signal the process `label` and wait for it to exit (SIGKILL after `timeout`)."""
        process = self.processes.get(label)
        if process is None or process.poll() is not None:
            return
        process.send_signal(sig)
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)

    def cut(self) -> None:
        """Partition the host: its link to the bridge goes down (in the machine's namespace), so
        whatever it sends is dropped silently, as on a dead network, and nothing reaches it."""
        ip("link", "set", self.outer_link, "down")

    def heal(self) -> None:
        ip("link", "set", self.outer_link, "up")


class Network:
    """The bridge, its /24 and the hosts on it. `close` kills every process of every host and
    removes the namespaces and the bridge."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        global _networks_made
        _networks_made += 1
        self.id = f"{os.getpid()}x{_networks_made % 100}"
        self.subnet = free_subnet()
        self.addresses = self.subnet.hosts()
        self.gateway = str(next(self.addresses))
        self.bridge = f"hc{self.id}b"
        self.hosts: dict[str, Host] = {}
        remove_leftovers()
        ip("link", "add", self.bridge, "type", "bridge")
        ip("addr", "add", f"{self.gateway}/{self.subnet.prefixlen}", "dev", self.bridge)
        ip("link", "set", self.bridge, "up")

    def add_host(self, name: str) -> Host:
        namespace = f"{NAMESPACE_PREFIX}{self.id}-{name}"
        index = len(self.hosts)
        outer = f"hc{self.id}v{index}"
        assert len(outer) <= 15, outer
        address = str(next(self.addresses))
        ip("netns", "add", namespace)
        ip("link", "add", outer, "type", "veth", "peer", "name", "eth0", "netns", namespace)
        ip("link", "set", outer, "master", self.bridge, "up")
        ip("link", "set", "lo", "up", namespace=namespace)
        ip("addr", "add", f"{address}/{self.subnet.prefixlen}", "dev", "eth0", namespace=namespace)
        ip("link", "set", "eth0", "up", namespace=namespace)
        host = Host(name, namespace, address, outer, self)
        self.hosts[name] = host
        return host

    def close(self) -> None:
        for host in self.hosts.values():
            kill_namespace(host.namespace)
        deadline = time.monotonic() + 10
        for host in self.hosts.values():
            try:
                until(
                    lambda namespace=host.namespace: kill_namespace(namespace) == 0,
                    deadline - time.monotonic(),
                    f"{host.namespace}'s processes gone",
                    interval=0.1,
                )
            except AssertionError:
                pass
            for process in host.processes.values():
                try:
                    process.wait(1)
                except subprocess.TimeoutExpired:
                    pass
            subprocess.run(["ip", "netns", "delete", host.namespace], capture_output=True)
        subprocess.run(["ip", "link", "delete", self.bridge], capture_output=True)
