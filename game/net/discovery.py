"""Finding hosts on the LAN by mDNS (``zeroconf``, service ``_playtable._tcp``). The record
names the game and the host, never the join code: the code is told to the players, so a
stranger on the network who sees the game still cannot join it."""

from __future__ import annotations

import socket
import time
from collections.abc import Sequence
from dataclasses import dataclass

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceListener, Zeroconf

SERVICE = "_playtable._tcp.local."


@dataclass(frozen=True)
class Found:
    name: str  # the host's name as announced
    game: str
    address: str
    port: int

    def label(self) -> str:
        return f"{self.name}: {self.game} at {self.address}:{self.port}"


class Announcement:
    """A hosted game announced on the LAN until ``close``."""

    def __init__(self, port: int, game: str, name: str,
                 interfaces: Sequence[str] | None = None) -> None:
        self._zc = _zeroconf(interfaces)
        addresses = list(interfaces) if interfaces else lan_addresses()
        label = f"{name[:40] or 'Playtable'} {port}"
        self.info = ServiceInfo(
            SERVICE, f"{label}.{SERVICE}", port=port,
            addresses=[socket.inet_aton(a) for a in addresses],
            properties={"game": game, "name": name[:40], "protocol": "1"})
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
            found.append(Found(props.get("name", "")[:40], props.get("game", "")[:40],
                               info.parsed_addresses()[0], int(info.port or 0)))
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
