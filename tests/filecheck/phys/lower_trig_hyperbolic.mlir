// Lowering of asin, acos, atan, sinh, cosh, tanh and isinf: each has its phys twin,
// local under a large budget (or dist=false), and dist through the element-wise
// unary path when its operand is blocked (a 100000x100 matrix over a 100 KB budget).
// The lowered IR re-parses.

// RUN: amls-opt %s -p 'lower-to-phys{memory-budget=100000000000}' | filecheck %s --check-prefix=BIG
// RUN: amls-opt %s -p 'lower-to-phys{memory-budget=100000 workers=2}' | filecheck %s --check-prefix=TINY
// RUN: amls-opt %s -p 'lower-to-phys{memory-budget=100000 workers=2}' | amls-opt | filecheck %s --check-prefix=TINY
// RUN: amls-opt %s -p 'lower-to-phys{dist=false}' | filecheck %s --check-prefix=LOCAL

// BIG-LABEL: func.func @trig(
// BIG-NOT:     dist
// BIG:         %a = phys.asin local %X
// BIG-NEXT:    %b = phys.acos local %a
// BIG-NEXT:    %c = phys.atan local %b
// BIG-NEXT:    %d = phys.sinh local %c
// BIG-NEXT:    %e = phys.cosh local %d
// BIG-NEXT:    %f = phys.tanh local %e
// BIG-NEXT:    %g = phys.isinf local %f
// TINY-LABEL: func.func @trig(
// TINY:         %[[XD:.*]] = phys.distribute %X
// TINY-NEXT:    %a = phys.asin dist %[[XD]] : !phys.dmat<100000x100xf64>
// TINY-NEXT:    %b = phys.acos dist %a : !phys.dmat<100000x100xf64>
// TINY-NEXT:    %c = phys.atan dist %b : !phys.dmat<100000x100xf64>
// TINY-NEXT:    %d = phys.sinh dist %c : !phys.dmat<100000x100xf64>
// TINY-NEXT:    %e = phys.cosh dist %d : !phys.dmat<100000x100xf64>
// TINY-NEXT:    %f = phys.tanh dist %e : !phys.dmat<100000x100xf64>
// TINY-NEXT:    %g = phys.isinf dist %f : !phys.dmat<100000x100xf64>
// LOCAL-LABEL: func.func @trig(
// LOCAL-NOT:     dist
// LOCAL:         %g = phys.isinf local %f
func.func @trig(%X: !matrix.mat<100000x100xf64>) -> !matrix.mat<100000x100xf64> {
  %a = matrix.asin %X : !matrix.mat<100000x100xf64>
  %b = matrix.acos %a : !matrix.mat<100000x100xf64>
  %c = matrix.atan %b : !matrix.mat<100000x100xf64>
  %d = matrix.sinh %c : !matrix.mat<100000x100xf64>
  %e = matrix.cosh %d : !matrix.mat<100000x100xf64>
  %f = matrix.tanh %e : !matrix.mat<100000x100xf64>
  %g = matrix.isinf %f : !matrix.mat<100000x100xf64>
  func.return %g : !matrix.mat<100000x100xf64>
}
