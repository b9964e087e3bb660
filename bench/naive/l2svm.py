"""examples/l2svm.mlir (@main) in plain NumPy, op by op, as a user would write it.

python bench/naive/l2svm.py     # prints {"compute_s": ..., "checksums": [...]}
"""

import numpy as np
from _common import report


def line_search(Xw, Xd, Y, wd, dd, eps, maxii):
    step = 0.0
    i = 0
    go = True
    while go and i < maxii:
        sXd = Xd * step
        tmp = Xw + sXd
        Yt = Y * tmp
        out0 = 1.0 - Yt
        sv = (out0 > 0.0).astype(np.float64)
        out = out0 * sv
        oY = out * Y
        oYXd = oY * Xd
        s1 = float(np.sum(oYXd))
        g = wd + step * dd - s1
        Xdsv = Xd * sv
        XdsvXd = Xdsv * Xd
        s2 = float(np.sum(XdsvXd))
        h = dd + s2
        step = step - g / h
        go = g * g / h >= eps
        i = i + 1
    return step


def l2svm(X0, Y, eps, reg, maxi, maxii):
    n = X0.shape[0]
    ones = np.ones((n, 1))
    X = np.hstack([X0, ones])
    m = X.shape[1]
    Xt = X.T
    w = np.zeros((m, 1))
    g_old = Xt @ Y
    s = g_old
    Xw = np.zeros((n, 1))
    halfreg = reg * 0.5
    it = 0
    go = True
    while go and it < maxi:
        Xd = X @ s
        ws = w * s
        wd = reg * float(np.sum(ws))
        dd = reg * float(np.sum(s**2))
        step = line_search(Xw, Xd, Y, wd, dd, eps, maxii)
        ss = s * step
        w = w + ss
        sXd = Xd * step
        Xw = Xw + sXd
        YXw = Y * Xw
        out0 = 1.0 - YXw
        sv = (out0 > 0.0).astype(np.float64)
        out = sv * out0
        oo = float(np.sum(out**2))
        ww = float(np.sum(w**2))
        obj = 0.5 * oo + halfreg * ww
        oY = out * Y
        XtoY = Xt @ oY
        rw = w * reg
        g_new = XtoY - rw
        sg = s * g_old
        tmp = float(np.sum(sg))
        go = step * tmp >= eps * obj
        gn = float(np.sum(g_new**2))
        go_ = float(np.sum(g_old**2))
        be = gn / go_
        bs = s * be
        s = bs + g_new
        g_old = g_new
        it = it + 1
    return w, it


def run(X, Y):
    eps = 1.0e-9
    reg = 1.0
    maxi = 100
    maxii = 20
    w, iters = l2svm(X, Y, eps, reg, maxi, maxii)
    m = X.shape[1]
    wx = w[0:m, 0:1]
    b0 = float(w[m, 0])
    Xw0 = X @ wx
    Xw = Xw0 + b0
    YXw = Y * Xw
    out0 = 1.0 - YXw
    out = np.maximum(out0, 0.0)
    oo = float(np.sum(out**2))
    ww = float(np.sum(w**2))
    obj = 0.5 * oo + 0.5 * reg * ww
    sw = float(np.sum(w))
    correct = (YXw > 0.0).astype(np.float64)
    acc = float(np.mean(correct))
    return obj, sw, acc, iters, w


def make_data():
    n, m = 100000, 100
    X = np.random.default_rng(31).uniform(0.0, 1.0, (n, m))
    wtrue = np.random.default_rng(32).uniform(-1.0, 1.0, (m, 1))
    eps = np.random.default_rng(33).standard_normal((n, 1))
    Xc = X - 0.5
    score0 = Xc @ wtrue
    noise = eps * 0.5
    score = score0 + noise
    pos = (score > 0.0).astype(np.float64)
    pos2 = pos * 2.0
    Y = pos2 - 1.0
    return X, Y


def main():
    X, Y = make_data()
    return run(X, Y)


if __name__ == "__main__":
    report(main)
