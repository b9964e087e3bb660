// a file holding only comments (tests/filecheck/cli/opt_empty_and_redefined.mlir)

// more
