"""`python -m benchmarks.capacity`: see the package's docstring, or --help."""

from .cli import main

main()
