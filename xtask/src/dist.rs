//! `cargo xtask dist`: the `urikit` command ready to ship, in
//! `target/dist` (or `$CARGO_TARGET_DIR/dist`):
//!
//! ```text
//! target/dist/urikit                      the release binary
//! target/dist/man/urikit.1                the man page
//! target/dist/man/urikit-NAME.1           one page per subcommand, all its options
//! target/dist/completions/urikit.bash     bash
//! target/dist/completions/_urikit         zsh
//! target/dist/completions/urikit.fish     fish
//! target/dist/completions/urikit.elv      elvish
//! target/dist/completions/_urikit.ps1     PowerShell
//! ```
//!
//! The man page and completions come from the clap definition of the
//! command itself (`clap_mangen`, `clap_complete`), which the binary writes
//! with its hidden `urikit generate WHAT`; so xtask stays std only and the
//! files cannot drift from the options. `--debug` builds the dev profile
//! instead, which is quicker for trying the task out.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The completions to write: the shell's name for `urikit generate`, and
/// the file name its completion system looks for.
const COMPLETIONS: [(&str, &str); 5] = [
    ("bash", "urikit.bash"),
    ("zsh", "_urikit"),
    ("fish", "urikit.fish"),
    ("elvish", "urikit.elv"),
    ("powershell", "_urikit.ps1"),
];

/// Builds the binary and writes the distribution.
pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let debug = match args {
        [] => false,
        [flag] if flag == "--debug" => true,
        _ => {
            return Err(format!(
                "dist: unexpected arguments {args:?} (only `--debug`)"
            ));
        }
    };
    let root = crate::root();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut build = Command::new(&cargo);
    build.current_dir(&root).args(["build", "-p", "urikit-cli"]);
    if !debug {
        build.arg("--release");
    }
    let status = build
        .status()
        .map_err(|e| format!("dist: cannot run {cargo}: {e}"))?;
    if !status.success() {
        return Err(format!("dist: cargo build failed ({status})"));
    }
    let target = target_dir(&root);
    let binary_name = format!("urikit{}", std::env::consts::EXE_SUFFIX);
    let binary = target
        .join(if debug { "debug" } else { "release" })
        .join(&binary_name);
    let dist = target.join("dist");
    for dir in [dist.join("man"), dist.join("completions")] {
        fs::create_dir_all(&dir).map_err(|e| format!("dist: {}: {e}", dir.display()))?;
    }
    let copy = dist.join(&binary_name);
    fs::copy(&binary, &copy).map_err(|e| format!("dist: copying {}: {e}", binary.display()))?;
    generate(&copy, "man", &dist.join("man").join("urikit.1"))?;
    // One page per subcommand, `urikit-NAME.1`, as git's are.
    let names = Command::new(&copy)
        .args(["generate", "subcommands"])
        .output()
        .map_err(|e| format!("dist: cannot run {}: {e}", copy.display()))?;
    for name in String::from_utf8_lossy(&names.stdout).lines() {
        let page = dist.join("man").join(format!("urikit-{name}.1"));
        generate(&copy, &format!("man-{name}"), &page)?;
    }
    for (shell, file) in COMPLETIONS {
        generate(&copy, shell, &dist.join("completions").join(file))?;
    }
    eprintln!("xtask dist: wrote {}", dist.display());
    Ok(())
}

/// Runs `binary generate what` and writes its standard output to `path`.
fn generate(binary: &Path, what: &str, path: &Path) -> Result<(), String> {
    let output = Command::new(binary)
        .args(["generate", what])
        .output()
        .map_err(|e| format!("dist: cannot run {}: {e}", binary.display()))?;
    if !output.status.success() || output.stdout.is_empty() {
        return Err(format!(
            "dist: `urikit generate {what}` failed: {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    fs::write(path, &output.stdout).map_err(|e| format!("dist: {}: {e}", path.display()))
}

/// Where cargo puts its output: `$CARGO_TARGET_DIR`, else `target/`.
fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"))
}
