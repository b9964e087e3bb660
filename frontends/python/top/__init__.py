"""The `amls` package itself (pyproject.toml maps "amls" here; its subpackages are the
top-level folders). `import amls` stays cheap: `amls.jit` loads the Python frontend on
first use."""

__all__ = ["JitError", "jit"]


def __getattr__(name: str) -> object:
    if name in __all__:
        from amls.startup import cached_imports

        with cached_imports():  # amls's and xDSL's classes only (see tools/startup.py)
            from amls.frontends import python

        return getattr(python, name)
    raise AttributeError(f"module 'amls' has no attribute '{name}'")
