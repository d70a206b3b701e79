"""Helpers shared by the tests (and bench/): hypothesis strategies, the seeded hand generator,
the Cython drivers that cimport the shipped .pxd files and their builder."""
