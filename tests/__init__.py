"""The test suite. One BLAS thread in it and in every process it starts, as swarmkit takes for
itself before it imports numpy (semantic.one_blas_thread): the loopback embeddings server embeds in
a thread of the test process, where OpenBLAS's own threads spinning on a busy machine made 64 texts
take over 30 s instead of 1."""

import os

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")
