"""Field reads on the rules' own pydantic models without pydantic's ``__getattr__`` hook.

``BaseModel`` defines ``__getattr__`` (for private attributes and extra fields). A class with a
``__getattr__`` anywhere in its MRO gets CPython's ``slot_tp_getattr_hook`` as its attribute
look-up: every read of a field, even one found at once in the instance's ``__dict__``, pays two
more type look-ups and a call through the hook. The rules read state fields millions of times a
simulation (cachegrind: about 16 % of a random Kyoukai game's instructions went to the hook).

``plain_reads(cls)`` gives a model class the look-up every plain class has
(``PyObject_GenericGetAttr``): fields, methods, properties and class attributes read the same,
and a missing attribute raises ``AttributeError`` as before. It is only done where pydantic's
hook has nothing to find: no private attributes, no extra fields. Everywhere it cannot be done
safely (not CPython, an unexpected type layout) it does nothing, and reads stay as they were.
"""

from __future__ import annotations

import ctypes
import sys
from typing import Any

# ``tp_getattro``'s place in CPython's PyTypeObject: 18 pointer-sized fields in (the same from
# 3.8 to 3.13), checked below against a plain class before anything is written there.
_OFFSET = 18 * ctypes.sizeof(ctypes.c_void_p)


class _Plain:
    pass


def _generic() -> int | None:
    """The address of ``PyObject_GenericGetAttr``, if this interpreter's layout is the one
    expected (a plain class holds it at ``_OFFSET``), else None."""
    if sys.implementation.name != "cpython":
        return None
    try:
        addr = ctypes.cast(ctypes.pythonapi.PyObject_GenericGetAttr, ctypes.c_void_p).value
    except (AttributeError, ValueError):
        return None
    if addr is None or ctypes.c_void_p.from_address(id(_Plain) + _OFFSET).value != addr:
        return None
    return addr


_GENERIC = _generic()


def plain_reads(cls: type[Any]) -> bool:
    """Give ``cls`` (a pydantic model class) the plain attribute look-up; True when done."""
    if _GENERIC is None:
        return False
    if getattr(cls, "__private_attributes__", None):
        return False  # pydantic's hook finds these
    if cls.model_config.get("extra") == "allow":
        return False  # and these
    slot = ctypes.c_void_p.from_address(id(cls) + _OFFSET)
    slot.value = _GENERIC
    return True


def has_plain_reads(cls: type[Any]) -> bool:
    """Whether ``cls`` reads attributes as a plain class does (for tests)."""
    return _GENERIC is not None and \
        ctypes.c_void_p.from_address(id(cls) + _OFFSET).value == _GENERIC
