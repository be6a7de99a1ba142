//! The `urikit` command: a thin `main` over [`urikit_cli::run`], which
//! parses the command line and runs the subcommand (see the crate
//! `urikit_cli` and `urikit --help`).

use std::process::ExitCode;

fn main() -> ExitCode {
    urikit_cli::run()
}
