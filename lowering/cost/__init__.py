"""Planning and cost of distributed operators, without Dask.

Operator selection (lower_to_phys.py) predicts with these modules; the Dask runtime
(amls.interpreter.dist) runs the very plans they build: blocks (grids, sizes, placement),
plan (a plan of pinned tasks and its cost), matmul (the matmul planners), predict (the
placement-aware cost model and method choice).
"""
