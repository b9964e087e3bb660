"""Declarative rewrite rules and the engine that applies them.

A rule is a row of a table: name, pattern, replacement, condition.

- `pattern`: the pattern DSL (`trace(X @ Y)`), written with operator overloading.
- `conditions`: small named predicates on the bound values (`is_col_vector("v")`).
- `match`: every way a pattern matches a value (commutative ops in both orders).
- `build`: replacements built with result types from the local size rules.
- `trace`: which rule fired where (`amls-opt --rewrite-trace`).
- `driver`: `Rule` and the RewritePattern that runs a table.
- `rules_static`, `rules_dynamic`: the tables; docs/rewrites.md is generated from them.
- `registry`: `register_rule`, a plugin's rows added to a table.
"""
