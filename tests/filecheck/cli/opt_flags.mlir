// amls-opt misuse on the command line: each gets one clear message (usage errors
// prefixed `amls-opt: error:`), a non-zero exit, no IR and no traceback. The
// input is a valid program, so only the flags are at fault.

// An unknown pass.
// RUN: not amls-opt %s -p nope 2>&1 | filecheck %s --check-prefix=PASS
// PASS:      amls-opt: error: unknown pass 'nope' (amls passes: {{.*}}; upstream xDSL passes such as cse, dce, canonicalize, licm are also available: see --help)
// PASS-NOT:  Traceback
// PASS-NOT:  builtin.module

// An unknown pass after a known one.
// RUN: not amls-opt %s -p cse,nope2 2>&1 | filecheck %s --check-prefix=PASS2
// PASS2:     amls-opt: error: unknown pass 'nope2'
// PASS2-NOT: Traceback
// PASS2-NOT: builtin.module

// An option the pass does not have.
// RUN: not amls-opt %s -p 'cse{foo=1}' 2>&1 | filecheck %s --check-prefix=OPTION
// OPTION:     amls-opt: error: bad pass pipeline 'cse{foo=1}': Provided arguments ["foo"] not found in expected arguments []
// OPTION-NOT: Traceback
// OPTION-NOT: builtin.module

// An optimisation level together with an explicit pipeline.
// RUN: not amls-opt %s -O2 -p cse 2>&1 | filecheck %s --check-prefix=LEVEL
// LEVEL:     amls-opt: error: -O2 and -p cannot be combined
// LEVEL-NOT: Traceback
// LEVEL-NOT: builtin.module

// An unknown flag: a usage error.
// RUN: not amls-opt %s --frobnicate 2>&1 | filecheck %s --check-prefix=FLAG
// FLAG:      usage: amls-opt
// FLAG:      amls-opt: error: unrecognized arguments: --frobnicate
// FLAG-NOT:  Traceback
// FLAG-NOT:  builtin.module

// A missing input file.
// RUN: not amls-opt %inputs/does-not-exist.mlir 2>&1 | filecheck %s --check-prefix=MISSING
// MISSING:     {{.*}}does-not-exist.mlir: error: no such file
// MISSING-NOT: Traceback

// A directory as the input file.
// RUN: not amls-opt %inputs 2>&1 | filecheck %s --check-prefix=DIR
// DIR:       {{.*}}Inputs: error: is a directory
// DIR-NOT:   Traceback

// A plugin that does not exist, as a module name and as a file.
// RUN: not amls-opt %s --load-plugin no_such_amls_plugin 2>&1 | filecheck %s --check-prefix=PLUGIN
// PLUGIN:     amls-opt: error: plugin 'no_such_amls_plugin': No module named 'no_such_amls_plugin'
// PLUGIN-NOT: Traceback
// PLUGIN-NOT: builtin.module
// RUN: not amls-opt %s --load-plugin %inputs/no_such_plugin.py 2>&1 | filecheck %s --check-prefix=PLUGINFILE
// PLUGINFILE:     amls-opt: error: plugin '{{.*}}no_such_plugin.py': no such file
// PLUGINFILE-NOT: Traceback

// The same program with good flags is fine.
// RUN: amls-opt %s -p cse | filecheck %s --check-prefix=GOOD
// GOOD-LABEL: func.func @flags(
// GOOD-NOT:   error

func.func @flags(%A: !matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64> {
  %T = matrix.transpose %A : (!matrix.mat<3x4xf64>) -> !matrix.mat<4x3xf64>
  func.return %T : !matrix.mat<4x3xf64>
}
