"""Network play, without sockets: the host's authority (``host``), a seat's client
(``client``), the messages (``messages``), each seat's numbers for hidden cards (``aliases``)
and the limits. The transport (``game.net``) moves their frames; nothing here imports pygame
or ``game``."""
