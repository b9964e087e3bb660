// A plugin's rewrite rule (examples/plugin/amls_stats.py: `zscore-neg`, zscore(-X) ->
// -zscore(X), added with amls.passes.rewrite.registry.register_rule) runs inside amls's
// own simplification: simplify-static and the -O1/-O2 pipelines, traced by name.

// RUN: amls-opt --load-plugin %examples/plugin/amls_stats.py %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt --load-plugin %examples/plugin/amls_stats.py %s --split-input-file -O2 --rewrite-trace 2>&1 | filecheck %s --check-prefix=TRACE
// Without the plugin's rule (simplify-dynamic runs the other table) nothing fires.
// RUN: amls-opt --load-plugin %examples/plugin/amls_stats.py %s --split-input-file -p simplify-dynamic --rewrite-trace 2>&1 | filecheck %s --check-prefix=DYN
// DYN-NOT: rewrite: zscore-neg

// TRACE:       rewrite: zscore-neg at {{.*}}stats_rule.mlir:[[# @LINE + 7]]:3
// TRACE:       rewrite: neg-neg at {{.*}}stats_rule.mlir:[[# @LINE + 7]]:3
// CHECK-LABEL: func.func @fires(
// CHECK-NEXT:    %r = stats.zscore %X : !matrix.mat<6x3xf64>
// CHECK-NEXT:    func.return %r
func.func @fires(%X: !matrix.mat<6x3xf64>) -> !matrix.mat<6x3xf64> {
  %n = matrix.neg %X : !matrix.mat<6x3xf64>
  %z = stats.zscore %n : !matrix.mat<6x3xf64>
  %r = matrix.neg %z : !matrix.mat<6x3xf64>
  func.return %r : !matrix.mat<6x3xf64>
}

// -----

// Not a negation under the zscore: no rewrite.
// TRACE-NOT:   rewrite: zscore-neg
// CHECK-LABEL: func.func @no_neg_inside(
// CHECK-NEXT:    %z = stats.zscore %X
// CHECK-NEXT:    %r = matrix.neg %z
func.func @no_neg_inside(%X: !matrix.mat<6x3xf64>) -> !matrix.mat<6x3xf64> {
  %z = stats.zscore %X : !matrix.mat<6x3xf64>
  %r = matrix.neg %z : !matrix.mat<6x3xf64>
  func.return %r : !matrix.mat<6x3xf64>
}
