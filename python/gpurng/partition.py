"""The block partition of a range over P workers, as the C++ ``gpurng/partition.hpp`` defines it.

One definition of "part k of P" for every layer that splits work: several devices in one process
(:attr:`gpurng.Generator.devices`), MPI ranks (``gpurng/mpi.hpp`` in C++; from Python with mpi4py,
below), or any other set of workers. Part k of n items starts at ``k * (n // P) + min(k, n % P)``:
the first ``n % P`` parts hold one item more, the parts are contiguous and in order, and together
they cover ``[0, n)`` for any n >= 0 and P >= 1.

Because value i of a call is position ``offset + i`` of the engine's sequence, part k of a call is
the same call made at ``offset + first``: workers need no communication to produce their slices of
one global sequence. With mpi4py (not needed by gpurng itself)::

    from mpi4py import MPI
    import gpurng, gpurng.partition as gp

    comm = MPI.COMM_WORLD
    g = gpurng.Generator("philox4x32-10", seed=42)      # alike on every rank
    mine = gp.generate_slice(g, "standard_normal", 10**9, comm.Get_rank(), comm.Get_size(),
                             dtype="float32")
    # rank r holds values first_r .. first_r + count_r - 1 of the one-process call, bit for bit,
    # and g.offset has moved by 10**9 on every rank, in step for the next global call.

``python/examples/mpi_slices.py`` is a complete program (with a node-local GPU per rank).
"""

import collections

from . import _gpurng
from ._generator import _uint as _u64  # one integer check for the package


#: Part ``k``: items ``first .. first + count - 1``.
BlockPart = collections.namedtuple("BlockPart", ["first", "count"])


def block_part(n, parts, k):
    """Part ``k`` of ``n`` items over ``parts`` parts, as a :class:`BlockPart` (first, count).
    Equal to the C++ ``gpurng::block_part`` for every 64-bit argument; ``parts`` 0 or ``k >= parts``
    raise :class:`gpurng.InvalidArgumentError` with the C++ message."""
    n, parts, k = _u64(n, "n"), _u64(parts, "parts"), _u64(k, "k")
    if parts == 0:
        raise _gpurng.InvalidArgumentError("parts: 0 is out of range [1, 2^64-1]")
    if k >= parts:
        raise _gpurng.InvalidArgumentError("part: %d is out of range [0, %d]" % (k, parts - 1))
    q, r = divmod(n, parts)
    return BlockPart(k * q + min(k, r), q + (1 if k < r else 0))


def part_counts(n, dims, parts):
    """The number of values of each part of a call of ``n`` values over ``parts`` devices or ranks,
    for a generator with ``dims`` values per position (a quasi-random engine's dimensions, else 1):
    the call is split by positions (whole points), so part k holds ``block_part(n // dims, parts,
    k).count * dims`` values."""
    return [block_part(n // dims, parts, k).count * dims for k in range(parts)]


def generate_slice(generator, method, n, rank, size, *args, **kwargs):
    """This worker's slice of a global call of ``n`` values: ``getattr(generator, method)`` for
    block_part's part ``rank`` of ``size`` (over positions; ``n`` must be whole points of a
    quasi-random engine), made at ``offset + first``. Afterwards the generator's offset is where
    one generator would be after the whole call (``offset + n / dims``), on every worker alike, so
    consecutive global calls stay in step. ``args`` and ``kwargs`` go to the method (``dtype``,
    parameters, ``device="cuda"``, ``out=`` of the slice's size). The C++ ``gpurng::mpi::generate_slice``
    does the same; a failed call leaves the offset where it was."""
    n, rank, size = _u64(n, "n"), _u64(rank, "rank"), _u64(size, "size")
    dims = generator._g.get_dimensions()
    if n % dims != 0:
        raise _gpurng.InvalidArgumentError("count: %d values is not a multiple of the %d dimensions (whole points)"
                                           % (n, dims))
    positions = n // dims
    base = generator.offset
    if n > generator.remaining:
        raise _gpurng.InvalidArgumentError("count: %d values from offset %d pass the end of the addressable %s "
                                           "sequence" % (n, base, generator.engine))
    part = block_part(positions, size, rank)
    generator.offset = base + part.first
    if "out" not in kwargs:
        kwargs["size"] = part.count * dims
    try:
        values = getattr(generator, method)(*args, **kwargs)
    except BaseException:
        generator.offset = base
        raise
    generator.offset = base + positions
    return values
