//! `tidy`'s docs check: what the documentation says that a machine can
//! verify.
//!
//! 1. **The crate table of `docs/ARCHITECTURE.md`** names each crate's
//!    dependencies exactly as `cargo metadata` reports them (see
//!    `docs_check/architecture.rs` for how a cell is read).
//! 2. **Every command shown in a README runs.** Every `README.md` of the
//!    repository (build output, that is folders named `target` and cargo's
//!    target directory, hidden folders and `fuzz/corpus`, `fuzz/artifacts`
//!    left out; symbolic links not followed) is read for blocks fenced with
//!    ```` ``` ```` or `~~~` and marked `sh`, `console`, `bash` or `shell`;
//!    other blocks (`text`, `rust`, …) are not run. The CLI is built first
//!    (`cargo build -q -p urikit-cli`), and each command runs as
//!    `sh -c COMMAND` from the repository root, in a process group of its
//!    own, with the target directory's `debug` first on `PATH` (so
//!    `urikit …` is this checkout's CLI) and standard input empty. A command
//!    gets two minutes; when it ends, what it left running in its group is
//!    stopped. A tidy run by one of them (a `cargo xtask ci` left unmarked)
//!    skips this part.
//!
//! # The README convention
//!
//! In a block with `$ ` prompts, a line starting with `$ ` is a command,
//! and the lines after it, up to the next `$ ` line or the end of the block,
//! are exactly its standard output (blank lines at the end only separate
//! it from the next command). Standard error is not compared:
//!
//! ```console
//! $ urikit encode --set path 'a b'
//! a%20b
//! ```
//!
//! In a block without prompts, each line is a command that must succeed;
//! lines starting with `#` are comments. In both, a line ending in `\`
//! continues on the next, and a command documented to fail ends with a
//! comment giving its status, `urikit parse 'a b'  # exit 1`.
//!
//! A block that cannot run inside tidy (it takes minutes, needs the
//! network or nightly, writes files, or reads a file that is not in the
//! repository) has a marker on the line right before its fence, saying why:
//!
//! ```text
//! <!-- not run: runs every CI gate, minutes long -->
//! ```
//!
//! and to leave out only some commands of a block, name how they start:
//! ``<!-- not run `cargo xtask ci`: runs every CI gate, minutes long -->``.
//! A marker that is not right before a command block, or that names no
//! command of its block, is an error, so markers do not go stale.

mod architecture;
mod metadata;
mod readme_blocks;
mod readme_commands;

use std::path::Path;

/// Runs both checks, pushing every problem found.
pub(crate) fn run(root: &Path, problems: &mut Vec<String>) {
    let ws = match metadata::Workspace::load(root) {
        Ok(ws) => ws,
        Err(e) => {
            problems.push(e);
            return;
        }
    };
    architecture::check(root, &ws, problems);
    readme_commands::check(root, &ws, problems);
}
