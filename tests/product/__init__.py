"""Tests of the product as a whole: packaging, the installed wheel, docs, layout, the
reliability and attack suites, the tour, the benchmarks and the suite's own tiers."""
