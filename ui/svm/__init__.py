"""Helpers of the SVM and kernels page only: the machines of a multi-class SVM, the point whose
f(x) is taken apart, the fits of the kernel trick's and the primal route's sections, and the
page's figures."""
