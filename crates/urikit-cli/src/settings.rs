//! The options every subcommand shares (`--allow-zone-id`,
//! `--show-password`, `--color`, `--ascii`), set once from the command line
//! before any input is read, and what they mean for parsing, colour and
//! drawing.
//!
//! Colour follows the usual conventions, strongest first: `--color=always`
//! or `--color=never`; `NO_COLOR` set and not empty turns it off
//! (<https://no-color.org>); `CLICOLOR_FORCE` set and not `0` turns it on;
//! `CLICOLOR=0` turns it off; otherwise a stream is coloured when it is a
//! terminal and `TERM` is not `dumb`.

use std::io::IsTerminal;
use std::sync::OnceLock;

use clap::ValueEnum;
use urikit::ParseOptions;

/// When to colour the output (`--color`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub(crate) enum ColorChoice {
    /// On a terminal, unless the environment says otherwise.
    #[default]
    Auto,
    /// Always, even into a pipe or a file.
    Always,
    /// Never.
    Never,
}

/// The shared options, as the subcommands read them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Settings {
    /// Accept an IPv6 zone identifier (RFC 6874, `[fe80::1%25eth0]`).
    pub(crate) allow_zone_id: bool,
    /// Show what follows the first `:` of a userinfo in human views.
    pub(crate) show_password: bool,
    /// Colour standard output.
    pub(crate) color_stdout: bool,
    /// Colour standard error.
    pub(crate) color_stderr: bool,
    /// Draw diagrams with ASCII characters only.
    pub(crate) ascii: bool,
    /// The longest line of standard input or of a `check` file kept.
    pub(crate) max_line_bytes: usize,
    /// Read every input by RFC 3986 alone (`--uri-only`): an input that is
    /// not ASCII is then an error, not an IRI reference.
    pub(crate) uri_only: bool,
    /// Trim each input (`--trim`), and skip blank ones.
    pub(crate) trim: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            allow_zone_id: false,
            show_password: false,
            color_stdout: false,
            color_stderr: false,
            ascii: false,
            max_line_bytes: crate::input::DEFAULT_MAX_LINE_BYTES,
            uri_only: false,
            trim: false,
        }
    }
}

static SETTINGS: OnceLock<Settings> = OnceLock::new();

impl Settings {
    /// The settings of the command line's flags and the environment.
    pub(crate) fn from_flags(
        allow_zone_id: bool,
        show_password: bool,
        color: ColorChoice,
        ascii: bool,
        max_line_bytes: usize,
    ) -> Self {
        let env = |name: &str| std::env::var_os(name);
        let stdout_tty = std::io::stdout().is_terminal();
        let stderr_tty = std::io::stderr().is_terminal();
        let auto = |tty: bool| -> bool {
            if env("NO_COLOR").is_some_and(|v| !v.is_empty()) {
                return false;
            }
            if env("CLICOLOR_FORCE").is_some_and(|v| !v.is_empty() && v != "0") {
                return true;
            }
            if env("CLICOLOR").is_some_and(|v| v == "0") {
                return false;
            }
            tty && env("TERM").is_none_or(|t| t != "dumb")
        };
        let (color_stdout, color_stderr) = match color {
            ColorChoice::Always => (true, true),
            ColorChoice::Never => (false, false),
            ColorChoice::Auto => (auto(stdout_tty), auto(stderr_tty)),
        };
        Settings {
            allow_zone_id,
            show_password,
            color_stdout,
            color_stderr,
            ascii: ascii || !utf8_locale(),
            max_line_bytes,
            uri_only: false,
            trim: false,
        }
    }

    /// These settings, with every input read by RFC 3986 alone when
    /// `uri_only` (`--uri-only`).
    pub(crate) fn with_uri_only(self, uri_only: bool) -> Self {
        Settings { uri_only, ..self }
    }

    /// These settings, with each input trimmed and blank ones skipped when
    /// `trim` (`--trim`).
    pub(crate) fn with_trim(self, trim: bool) -> Self {
        Settings { trim, ..self }
    }

    /// Makes these the settings of the run; only the first call counts.
    pub(crate) fn install(self) {
        let _ = SETTINGS.set(self);
    }

    /// The parse options these settings ask for.
    pub(crate) fn parse_options(&self) -> ParseOptions {
        ParseOptions::new().allow_zone_id(self.allow_zone_id)
    }
}

/// The settings of the run: the defaults (no colour, no zone identifiers,
/// passwords hidden, Unicode drawings) until [`Settings::install`].
pub(crate) fn get() -> Settings {
    SETTINGS.get().copied().unwrap_or_default()
}

/// Whether the locale's character set is UTF-8, by the first of `LC_ALL`,
/// `LC_CTYPE` and `LANG` that is set and not empty; `true` when none is
/// (most terminals today are UTF-8).
fn utf8_locale() -> bool {
    ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .filter_map(|name| std::env::var(name).ok())
        .find(|value| !value.is_empty())
        .is_none_or(|value| {
            let value = value.to_ascii_lowercase();
            value.contains("utf-8") || value.contains("utf8")
        })
}

/// ANSI styles, written by hand.
pub(crate) mod style {
    /// Bold red: `error:` and the caret.
    pub(crate) const ERROR: &str = "\x1b[1;31m";
    /// Bold: headings and table labels.
    pub(crate) const BOLD: &str = "\x1b[1m";
    /// Back to normal.
    pub(crate) const RESET: &str = "\x1b[0m";
}

/// `text` in `style` when `on`, else as it is.
pub(crate) fn paint(text: &str, style: &str, on: bool) -> String {
    if on {
        format!("{style}{text}{}", style::RESET)
    } else {
        text.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_and_always_win() {
        let s = Settings::from_flags(false, false, ColorChoice::Never, false, 100);
        assert!(!s.color_stdout && !s.color_stderr);
        let s = Settings::from_flags(true, true, ColorChoice::Always, true, 100);
        assert!(s.color_stdout && s.color_stderr && s.ascii);
        assert!(s.parse_options() == ParseOptions::new().allow_zone_id(true));
    }

    #[test]
    fn paint_wraps_only_when_on() {
        assert_eq!(paint("x", style::BOLD, false), "x");
        assert_eq!(paint("x", style::BOLD, true), "\x1b[1mx\x1b[0m");
    }
}
