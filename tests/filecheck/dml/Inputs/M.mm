%%MatrixMarket matrix coordinate real general
2 3 3
1 1 1.0
1 3 3.0
2 3 6.0
