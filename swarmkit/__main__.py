from swarmkit.cli.main import main

main()
