//! The `urikit` command: parse, explain and bulk-check URI references
//! against RFC 3986.
//!
//! This file holds the command line (clap) and the exit status; each
//! subcommand lives in its own module, and [`input`] reads the inputs of
//! every one the same way.

use std::ffi::OsString;
use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{Args, CommandFactory, Parser, Subcommand};

mod check;
mod commands;
mod explain;
mod input;
mod json;
mod problem;
mod table;

/// Parse, explain and check URI references (RFC 3986).
#[derive(Debug, Parser)]
#[command(
    name = "urikit",
    version,
    after_help = "Inputs are URI references (RFC 3986 §4.1), from the arguments or, when there are none or \
                  for `-`, one per line from standard input.\n\n\
                  Exit status: 0 if every input is valid, 1 if some input is invalid, 2 on a usage or I/O error."
)]
struct Cli {
    /// What to do.
    #[command(subcommand)]
    command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
enum Command {
    /// Split each input into its components: a table, or JSON lines with `--json`.
    Parse {
        /// Print one JSON object per input, one per line, in input order.
        #[arg(long)]
        json: bool,
        /// The inputs.
        #[command(flatten)]
        inputs: Inputs,
    },
    /// Draw each input with its components labelled, then list them.
    Explain {
        /// The inputs.
        #[command(flatten)]
        inputs: Inputs,
    },
    /// Validate a file of URI references, one per line, and summarize.
    Check {
        /// The file to check; standard input when absent or `-`.
        #[arg(value_name = "FILE")]
        file: Option<PathBuf>,
    },
}

/// The inputs of a per-input subcommand.
#[derive(Debug, Args)]
struct Inputs {
    /// URI references; read one per line from standard input when none are
    /// given, and in place of `-`.
    #[arg(value_name = "INPUT")]
    inputs: Vec<OsString>,
}

impl Inputs {
    /// The inputs of `subcommand`, after checking that `-` is given at most
    /// once (standard input can be read only once); exits with a usage error
    /// otherwise.
    fn checked(self, subcommand: &str) -> Vec<OsString> {
        if self
            .inputs
            .iter()
            .filter(|a| *a == input::STDIN_ARG)
            .count()
            > 1
        {
            let mut cli = Cli::command();
            cli.build();
            let mut cmd = cli.find_subcommand(subcommand).cloned().unwrap_or(cli);
            cmd.error(
                ErrorKind::ArgumentConflict,
                "`-` (standard input) may be given only once",
            )
            .exit();
        }
        self.inputs
    }
}

/// What a subcommand found, and whether it could finish writing it.
#[derive(Debug)]
pub(crate) struct Outcome {
    /// Whether some input was invalid.
    pub(crate) invalid: bool,
    /// The first I/O error, which stopped the subcommand.
    pub(crate) result: io::Result<()>,
}

impl Outcome {
    /// The exit status: 0 all valid, 1 some input invalid, 2 on an I/O
    /// error. A closed standard output (`urikit … | head`) is not an error:
    /// the status then says what was found before it closed.
    fn exit_code(self) -> ExitCode {
        match self.result {
            Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
                eprintln!("urikit: error: {e}");
                ExitCode::from(2)
            }
            _ if self.invalid => ExitCode::from(1),
            _ => ExitCode::SUCCESS,
        }
    }
}

fn main() -> ExitCode {
    let outcome = match Cli::parse().command {
        Command::Parse { json, inputs } => commands::parse(&inputs.checked("parse"), json),
        Command::Explain { inputs } => commands::explain(&inputs.checked("explain")),
        Command::Check { file } => check::run(file.as_deref()),
    };
    outcome.exit_code()
}
