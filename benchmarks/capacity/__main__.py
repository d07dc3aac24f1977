from .tables import main

main()
