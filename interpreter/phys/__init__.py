"""The phys dialect on the runtime: local kernels (`local`), the Dask kernels of dist ops
(`dist`), the session dist ops run in (`session`) and what --stats counts (`stats`).

Unlike amls.interpreter.kernels (the leaf constant folding shares), this package may
reach the Dask runtime; it loads Dask only when a dist op runs.
"""
