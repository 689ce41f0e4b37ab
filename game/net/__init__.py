"""Network play's transport and the table's side of it: the host's server (``server``), a
seat's link to a host (``link``), LAN discovery (``discovery``) and the headless player the
tests and benchmarks use (``player``). The rules of it are in ``rules.net`` (sans IO)."""
