// amls-opt misuse on the command line: each gets one clear message (usage errors
// prefixed `amls-opt: error:`), a non-zero exit, no IR and no traceback. The
// input is a valid program, so only the flags are at fault.

// An unknown pass.
// RUN: not amls-opt %s -p nope 2>&1 | filecheck %s --check-prefix=PASS
// PASS:      amls-opt: error: unknown pass 'nope' (amls passes: {{.*}}; upstream xDSL passes such as dce and canonicalize are also available: see --help)
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

// Options are named as users write them (dashes), also when one is misspelt.
// RUN: not amls-opt %s -p 'rewrite-fixpoint{max-round=3}' 2>&1 | filecheck %s --check-prefix=DASHES
// DASHES: amls-opt: error: bad pass pipeline 'rewrite-fixpoint{max-round=3}': Provided arguments ["max-round"] not found in expected arguments ["max-rounds", "report", "fold-cells", "fold-literal-cells"]

// Option values a pass cannot take: one message when the pipeline is read, exit 2,
// before any pass runs (was: silently accepted, or an "internal error" from lowering).
// RUN: not amls-opt %s -p 'cse,constant-fold{max-cells=-5}' 2>&1 | filecheck %s --check-prefix=CELLS
// CELLS:     amls-opt: error: bad pass pipeline 'cse,constant-fold{max-cells=-5}': constant-fold: max-cells must be >= 0 (0: fold no matrix), got -5
// CELLS-NOT: Traceback
// CELLS-NOT: internal error
// RUN: not amls-opt %s -p 'rewrite-fixpoint{max-rounds=0}' 2>&1 | filecheck %s --check-prefix=ROUNDS
// ROUNDS: error: bad pass pipeline 'rewrite-fixpoint{max-rounds=0}': rewrite-fixpoint: max-rounds must be >= 1, got 0
// RUN: not amls-opt %s -p 'ipa{inline-threshold=-3}' 2>&1 | filecheck %s --check-prefix=IPA
// IPA: error: bad pass pipeline 'ipa{inline-threshold=-3}': ipa: inline-threshold must be >= 0, got -3
// RUN: not amls-opt %s -p 'lower-to-phys{block-size=0}' 2>&1 | filecheck %s --check-prefix=BLOCK
// BLOCK:     error: bad pass pipeline 'lower-to-phys{block-size=0}': lower-to-phys: block-size must be >= 1, got 0
// BLOCK-NOT: internal error
// RUN: not amls-opt %s -p 'lower-to-phys{force-method=bogus}' 2>&1 | filecheck %s --check-prefix=METHOD
// METHOD: error: bad pass pipeline 'lower-to-phys{force-method=bogus}': lower-to-phys: force-method must be one of '', mapmm_left, mapmm_right, cpmm, rmm, got 'bogus'
// RUN: not amls-opt %s -p 'lower-to-phys{memory-budget=-7}' 2>&1 | filecheck %s --check-prefix=BUDGET
// BUDGET: error: bad pass pipeline 'lower-to-phys{memory-budget=-7}': lower-to-phys: memory-budget must be >= -1 (-1: the default), got -7

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
