"""Rules that plugins add to amls's simplification (`register_rule`).

A plugin's rule is a row like amls's own (`Rule(name, pattern, replacement, when=...)`,
rules_static.py), in the static table (size-independent) or the dynamic one
(size-dependent). simplify-static / simplify-dynamic and rewrite-fixpoint (-O1, -O2) try
it after amls's rules of the same table; --rewrite-trace names it. amls's own tables
stay as they are (their catalogue and tests are amls's), so a loaded plugin changes only
what runs.
"""

from __future__ import annotations

import sys

from amls.passes.rewrite.driver import Rule

TABLES = ("static", "dynamic")

_PLUGIN_RULES: dict[str, list[Rule]] = {t: [] for t in TABLES}
_OWNERS: dict[str, str] = {}  # rule name -> the module that registered it


def _builtin_names() -> set[str]:
    from amls.passes.rewrite.rules_dynamic import DYNAMIC_RULES
    from amls.passes.rewrite.rules_static import STATIC_RULES

    return {r.name for r in (*STATIC_RULES, *DYNAMIC_RULES)}


def register_rule(rule: Rule, table: str = "static", owner: str | None = None) -> Rule:
    """Add `rule` to amls's `table` ("static" or "dynamic"); returns it.

    A name amls uses is an error (as a pass name is), and so is one another module
    registered; one module may register several rows under one name (as amls's tables
    do: one name per identity, a row per operand order), and the same row again is fine.
    """
    if table not in TABLES:
        raise ValueError(f"register_rule: table must be one of {', '.join(TABLES)}, got '{table}'")
    if not isinstance(rule, Rule):
        raise TypeError(f"register_rule: expected a Rule, got {type(rule).__name__}")
    who = owner or sys._getframe(1).f_globals.get("__name__", "?")  # noqa: SLF001 (the caller)
    if rule.name in _builtin_names():
        raise ValueError(f"rewrite rule '{rule.name}' is already amls's own; give it another name")
    if _OWNERS.get(rule.name, who) != who:
        raise ValueError(
            f"rewrite rule '{rule.name}' is already registered by {_OWNERS[rule.name]}"
        )
    _OWNERS[rule.name] = who
    rows = _PLUGIN_RULES[table]
    if not any(r is rule for r in rows):
        rows.append(rule)
    return rule


def plugin_rules(*tables: str) -> tuple[Rule, ...]:
    """The rules plugins registered in these tables, in table and registration order."""
    return tuple(r for t in tables for r in _PLUGIN_RULES[t])


__all__ = ["TABLES", "plugin_rules", "register_rule"]
