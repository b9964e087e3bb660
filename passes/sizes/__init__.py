"""Size facts and the machinery around them (no passes here; size_inference and ipa use it).

facts.py      the lattice: MatFacts (exact dims/nnz, worst-case bounds), ScalarFacts
rules.py      one size rule per op: result facts from operand facts
zeros.py      what element-wise ops do to zero (asked of their kernels)
dataflow.py   THE forward dataflow analysis over func/scf (join, widen, fixpoint)
analysis.py   the size analysis: facts on that dataflow, per function and module
callgraph.py  the call graph, callees-first order, recursive functions (Tarjan)
refine.py     writing facts into types, and the casts that keep types agreeing
memory.py     bytes per value and op, from facts
estimators/   average-case nnz estimates (sketches) on the same dataflow
"""
