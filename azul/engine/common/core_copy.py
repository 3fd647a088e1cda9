"""The ``clone`` of every ruleset's fast core, written once from how each of its fields copies.

A core is a slotted object of small values and lists, and a search clones one per position it
visits, so the copy must cost no more than assigning the fields one by one.  ``field_copier``
writes that function from the core's field lists (as ``dataclasses`` writes an ``__init__``),
so a core declares its fields once and no field can be left out of its copy.
"""

from collections.abc import Callable
from typing import TypeVar, cast

CoreT = TypeVar("CoreT")


def field_copier(cls: type[CoreT], *, shared: tuple[str, ...], lists: tuple[str, ...],
                 nested: tuple[str, ...], rows: tuple[str, ...] = ()) -> Callable[[CoreT], CoreT]:
    """``copy(core) -> cls``: ``shared`` fields (ints, strings, tuples) shared, ``lists`` copied,
    ``nested`` (lists of lists) copied two deep.  ``rows`` are lists of lists copied one deep
    (copy-on-write): the inner lists stay shared, so the core must never change one in place,
    only replace it (``core.grid[p] = new``).  The copy is always a ``cls``, also of a
    subclass's instance (a recording core clones to a plain one)."""
    names = shared + lists + nested + rows
    if sorted(names) != sorted(getattr(cls, "__slots__", ())):
        raise TypeError(f"{cls.__name__}: the fields to copy must be its __slots__, each once")
    body = ([f"    o.{name} = core.{name}" for name in shared]
            + [f"    o.{name} = core.{name}[:]" for name in lists + rows]
            + [f"    o.{name} = [item[:] for item in core.{name}]" for name in nested])
    source = "def copy(core):\n    o = new(cls)\n" + "\n".join(body) + "\n    return o\n"
    namespace: dict[str, object] = {"new": object.__new__, "cls": cls}
    exec(compile(source, f"<copy of {cls.__name__}>", "exec"), namespace)  # text written above
    # The function exec wrote above, of the type this one promises.
    return cast(Callable[[CoreT], CoreT], namespace["copy"])


def fields_into(cls: type[CoreT], core: object) -> CoreT:
    """A ``cls`` (a subclass of ``core``'s class with slots of its own) holding ``core``'s
    fields, the lists shared, not copied: a recording core takes over a position this way."""
    into = object.__new__(cls)
    for name in getattr(type(core), "__slots__", ()):
        setattr(into, name, getattr(core, name))
    return into
