"""Generate a straight-line scalar program of about N ops (arith on f64), for interpreter overhead.

python bench/gen_scalar.py 10000 > /tmp/scalar_10000.mlir
"""

import sys


def generate(n: int) -> str:
    lines = ["func.func @main(%a: f64, %b: f64) -> f64 {"]
    lines.append("  %v0 = arith.addf %a, %b : f64")
    ops = ["arith.addf", "arith.mulf", "arith.subf", "arith.divf"]
    for i in range(1, n - 1):
        op = ops[i % 4]
        # keep values bounded: mix in the inputs, never divide by an accumulating value
        rhs = "%b" if op == "arith.divf" else ("%a" if i % 3 else f"%v{i - 1}")
        lines.append(f"  %v{i} = {op} %v{i - 1}, {rhs} : f64")
    lines.append(f"  func.return %v{n - 2} : f64")
    lines.append("}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.stdout.write(generate(int(sys.argv[1]) if len(sys.argv) > 1 else 10000))
