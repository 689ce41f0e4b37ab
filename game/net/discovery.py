"""Finding hosts on the LAN by mDNS (``zeroconf``, service ``_playtable._tcp``). The record
names the game, the host player and the hosted game (its table), never the join code: the
code is told to the players, so a stranger on the network who sees the game still cannot
join it."""

from __future__ import annotations

import socket
import time
from collections.abc import Sequence
from dataclasses import dataclass

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceListener, Zeroconf

SERVICE = "_playtable._tcp.local."


NAME_MAX = 40  # characters of a player's or a table's name in the record and the list
LABEL_BYTES = 50  # of the table name in the service's instance name (a DNS label: 63 bytes)


def table_name_problem(text: str) -> str | None:
    """What is wrong with a hosted game's name for the LAN list, or None: 1 to 40 printable
    characters (no tab, newline or control character)."""
    name = text.strip()
    if not name:
        return "Give the table a name for the LAN list (or leave the one offered)."
    if len(name) > NAME_MAX:
        return f"The table's name is {len(name)} characters long; at most {NAME_MAX}."
    bad = next((c for c in name if not c.isprintable()), None)
    if bad is not None:
        return f"The table's name holds a character that cannot be shown ({bad!r})."
    return None


def default_table(player: str) -> str:
    """The name a hosted game gets when its host gives none."""
    return f"{player.strip()[:NAME_MAX - 8] or 'Player'}'s table"


def _shown(text: str) -> str:
    """A name read off the network, as the list may show it: printable, 40 characters."""
    return "".join(c for c in text if c.isprintable())[:NAME_MAX]


@dataclass(frozen=True)
class Found:
    name: str  # the host player's name as announced
    game: str
    address: str
    port: int
    table: str = ""  # the hosted game's name

    def label(self) -> str:
        who = f"{self.table} ({self.name})" if self.table else self.name
        return f"{who}: {self.game} at {self.address}:{self.port}"


class Announcement:
    """A hosted game announced on the LAN until ``close``: ``name`` is the host player's,
    ``table`` the game's (by default "<name>'s table"; ValueError, with the reason, for one
    ``table_name_problem`` refuses)."""

    def __init__(self, port: int, game: str, name: str,
                 interfaces: Sequence[str] | None = None, table: str | None = None) -> None:
        table = default_table(name) if table is None else table.strip()
        problem = table_name_problem(table)
        if problem is not None:
            raise ValueError(problem)
        self._zc = _zeroconf(interfaces)
        addresses = list(interfaces) if interfaces else lan_addresses()
        label = table.encode()[:LABEL_BYTES].decode("utf-8", "ignore").replace(".", " ")
        self.info = ServiceInfo(
            SERVICE, f"{label} {port}.{SERVICE}", port=port,
            addresses=[socket.inet_aton(a) for a in addresses],
            properties={"game": game, "name": _shown(name), "table": table,
                        "protocol": "1"})
        self._zc.register_service(self.info, allow_name_change=True)

    def close(self) -> None:
        self._zc.unregister_service(self.info)
        self._zc.close()


class _Listener(ServiceListener):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.names.add(name)

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.names.add(name)

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.names.discard(name)


def browse(seconds: float = 2.0, interfaces: Sequence[str] | None = None) -> list[Found]:
    """The games announced on the LAN, listening for ``seconds``."""
    zc = _zeroconf(interfaces)
    try:
        listener = _Listener()
        browser = ServiceBrowser(zc, SERVICE, listener)
        time.sleep(seconds)
        browser.cancel()
        found = []
        for name in sorted(listener.names):
            info = zc.get_service_info(SERVICE, name, timeout=1000)
            if info is None or not info.parsed_addresses():
                continue
            props = {k.decode(): (v or b"").decode("utf-8", "replace")
                     for k, v in info.properties.items()}
            found.append(Found(_shown(props.get("name", "")), _shown(props.get("game", "")),
                               info.parsed_addresses()[0], int(info.port or 0),
                               _shown(props.get("table", ""))))
        return found
    finally:
        zc.close()


def _zeroconf(interfaces: Sequence[str] | None) -> Zeroconf:
    if interfaces:
        return Zeroconf(interfaces=list[str | int | tuple[tuple[str, int, int], int]](
            interfaces), ip_version=IPVersion.V4Only)
    return Zeroconf(ip_version=IPVersion.V4Only)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses but loopback (what the host shows the players), or
    loopback alone when it has no other."""
    import ifaddr

    found = [str(ip.ip) for adapter in ifaddr.get_adapters() for ip in adapter.ips
             if isinstance(ip.ip, str) and not ip.ip.startswith("127.")]
    return found or ["127.0.0.1"]
