"""Where the board listens: only private (local-network), link-local or loopback addresses."""

from __future__ import annotations

import ipaddress
import socket

from voicemaster.board.settings import BoardError

LOOPBACK = "127.0.0.1"


def is_local(address: str) -> bool:
    """A private, link-local or loopback IP address (never a public one, never "any")."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    if ip.is_unspecified or ip.is_multicast:
        return False
    return ip.is_loopback or ip.is_link_local or ip.is_private


def lan_address() -> str | None:
    """This machine's address on its local network (the interface a private route leaves by),
    or None.  A UDP socket's connect sends nothing."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.254.254.254", 1))
            found = str(probe.getsockname()[0])
    except OSError:
        return None
    return found if is_local(found) and found != LOOPBACK else None


def bind_addresses(address: str | None) -> list[str]:
    """The addresses to serve on, the one shown on the page first.  ``address`` given: only
    it (BoardError when it is not local); otherwise the local-network address and loopback."""
    if address is not None:
        if address == "localhost":
            address = LOOPBACK
        if not is_local(address):
            raise BoardError(
                f"--board-address {address}: the board serves only the local network "
                "(a private or loopback IP address)"
            )
        return [address]
    lan = lan_address()
    return [lan, LOOPBACK] if lan else [LOOPBACK]


def url(address: str, port: int) -> str:
    host = f"[{address}]" if ":" in address else address
    return f"http://{host}:{port}/"


def own_hosts(addresses: list[str]) -> frozenset[str]:
    """The names a page may use for this board in its Host header: the bound addresses,
    localhost and loopback, the machine's name and its ``.local`` name, and its LAN addresses
    (a page under any other name is a DNS-rebinding attack, or a mistake)."""
    names = {*addresses, "localhost", LOOPBACK, "::1"}
    name = socket.gethostname().lower()
    names |= {name, f"{name}.local"}
    lan = lan_address()
    if lan:
        names.add(lan)
    try:
        found = socket.getaddrinfo(name, None, proto=socket.IPPROTO_TCP)
        names |= {str(info[4][0]) for info in found if is_local(str(info[4][0]))}
    except OSError:
        pass
    return frozenset(n.lower() for n in names if n)


def host_name(header: str) -> str:
    """The host of a Host header without its port: "[::1]:8080" -> "::1"."""
    header = header.strip().lower().rstrip(".")
    if header.startswith("["):
        return header[1:].split("]", 1)[0]
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header
