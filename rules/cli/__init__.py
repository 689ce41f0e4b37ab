"""Command-line tools over the rules contract; each module registers one subcommand."""
