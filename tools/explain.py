"""`--explain` of amls-opt and amls-run: the plan printer lives in amls.lowering.explain
(below the frontends, so @amls.jit's f.explain() prints the same plans)."""

from amls.lowering.explain import Explainer, explain_module

__all__ = ["Explainer", "explain_module"]
