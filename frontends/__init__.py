"""Frontends: source languages translated into the `matrix` dialect (DML today)."""
