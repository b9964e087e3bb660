"""The DML frontend: SystemDS's R-like language into the `matrix` dialect.

from amls.frontends.dml import import_dml, DMLError
module = import_dml(text, "script.dml", args=["X.csv"], nvargs={"k": "3"})
"""

from amls.frontends.dml.syntax import DMLError
from amls.frontends.dml.translate import import_dml

__all__ = ["DMLError", "import_dml"]
