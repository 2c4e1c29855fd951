"""One global sequence over MPI ranks from Python (mpi4py), with no communication to generate it.

Every rank builds the same generator; rank r of P generates part r of the global call
(gpurng.partition.block_part over its positions, the partition of the C++ gpurng/mpi.hpp), which is
bit for bit what one process would write at those positions. The ranks then reduce one Monte Carlo
estimate of pi, the same for any P. With CUDA each rank takes a GPU of its node in turn.

    mpirun -np 4 python3 python/examples/mpi_slices.py        # needs mpi4py
    python3 python/examples/mpi_slices.py --simulate 4         # no MPI: 4 ranks in turn, one process

--simulate runs the ranks one after another in this process (what CI can run without mpi4py) and
checks that the joined slices equal one process's call, byte for byte.
"""
import argparse
import sys

import numpy as np

import gpurng
import gpurng.partition as gp

N = 2_000_000  # points (x, y) of the global call: 2N uniforms, x = even positions, y = odd


def make_generator(node_rank):
    backend = "cuda" if gpurng.default_backend() == "cuda" else "cpu"
    g = gpurng.Generator("philox4x32-10", seed=2026, backend=backend)
    if backend == "cuda":
        g.cuda_device = node_rank % len(gpurng.cuda_devices())  # as gpurng::mpi::node_device
    return g


def rank_hits(rank, size, node_rank):
    """This rank's slice of the global 2N uniforms (whole points: an even first and count), its hits."""
    g = make_generator(node_rank)
    part = gp.block_part(N, size, rank)  # in points; the slice is positions 2*first .. 2*(first+count)-1
    g.offset = 2 * part.first
    u = g.random(2 * part.count, dtype=np.float32)
    x, y = u[0::2], u[1::2]
    return int(np.count_nonzero(x * x + y * y <= 1.0)), u


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--simulate", type=int, metavar="P", help="run P ranks in turn in this process (no MPI)")
    args = ap.parse_args()
    if args.simulate:
        hits, slices = 0, []
        for rank in range(args.simulate):
            h, u = rank_hits(rank, args.simulate, rank)
            hits += h
            slices.append(u)
        one = make_generator(0).random(2 * N, dtype=np.float32)
        if np.concatenate(slices).tobytes() != one.tobytes():
            sys.exit("the joined slices differ from one process's call")
        print("pi ~ %.6f from %d points over %d simulated ranks (slices equal one process's call)"
              % (4.0 * hits / N, N, args.simulate))
        return
    from mpi4py import MPI  # only here: the module needs no MPI

    comm = MPI.COMM_WORLD
    node = comm.Split_type(MPI.COMM_TYPE_SHARED, key=comm.Get_rank())
    h, _ = rank_hits(comm.Get_rank(), comm.Get_size(), node.Get_rank())
    hits = comm.reduce(h, op=MPI.SUM, root=0)
    if comm.Get_rank() == 0:
        print("pi ~ %.6f from %d points over %d ranks" % (4.0 * hits / N, N, comm.Get_size()))


if __name__ == "__main__":
    main()
