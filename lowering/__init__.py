"""Lowering: matrix -> phys (operator selection), its cost model, and the pipelines."""

RECOMPILE_ATTR = "phys.recompile"
"""Marks a function lower-to-phys planned with unknown sizes: the runtime re-plans it
(amls.interpreter.recompile) once its arguments' sizes are known."""
