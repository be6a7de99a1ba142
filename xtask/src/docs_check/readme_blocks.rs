//! The commands of a README's `sh`, `console`, `bash` and `shell` blocks
//! (fenced with backticks or tildes, three or more), with their expected
//! output and exit status, and the `not run` markers.
//!
//! See `docs_check.rs` for the convention; this file only reads it.

/// Info strings of the fenced blocks whose lines are commands.
const COMMAND_LANGUAGES: &[&str] = &["sh", "console", "bash", "shell"];

/// How a marker line starts.
const MARKER: &str = "<!-- not run";

/// One command to run.
#[derive(Debug, PartialEq)]
pub(crate) struct Cmd {
    /// 1-based line number of its first line.
    pub(crate) line: usize,
    /// The shell text, continuation lines (`\` at the end) included.
    pub(crate) text: String,
    /// The standard output it must write, for a `$ ` command: the lines
    /// after it, joined by `\n`, trailing blank lines left out.
    pub(crate) expected: Option<String>,
    /// The exit status it must end with: 0, or `N` of a trailing `# exit N`.
    pub(crate) status: i32,
}

/// The commands of a Markdown text, and the problems with its blocks and
/// markers as `(line, message)`, lines counted from 1.
pub(crate) fn commands(text: &str) -> (Vec<Cmd>, Vec<(usize, String)>) {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut problems = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let trimmed = lines[i].trim_start();
        let (skip, fence_at) = if trimmed.starts_with(MARKER) {
            let skip = parse_marker(trimmed).unwrap_or_else(|e| {
                problems.push((i + 1, e));
                Skip::All
            });
            match lines.get(i + 1).and_then(|l| open_fence(l)) {
                Some(f) if !f.is_commands() => problems.push((
                    i + 1,
                    format!(
                        "a `not run` marker before a ```{} block, which is not run anyway",
                        f.language
                    ),
                )),
                Some(_) => {}
                None => {
                    problems.push((
                        i + 1,
                        "a `not run` marker must be the line right before a ```sh, ```console, ```bash or ```shell fence (or ~~~)".into(),
                    ));
                    i += 1;
                    continue;
                }
            }
            (skip, i + 1)
        } else {
            (Skip::Nothing, i)
        };
        let Some(fence) = open_fence(lines[fence_at]) else {
            i += 1;
            continue;
        };
        // The block's lines, without the fence's indentation.
        let first = fence_at + 1;
        let mut end = first;
        while end < lines.len() && !fence.closed_by(lines[end]) {
            end += 1;
        }
        i = end + 1;
        if !fence.is_commands() || skip == Skip::All {
            continue;
        }
        let body: Vec<&str> = lines[first..end]
            .iter()
            .map(|l| dedent(l, fence.indent))
            .collect();
        let block = match read_block(&body, first) {
            Ok(block) => block,
            Err(e) => {
                problems.push(e);
                continue;
            }
        };
        let Skip::Some(scopes) = skip else {
            out.extend(block);
            continue;
        };
        let skipped = |c: &Cmd| scopes.iter().any(|s| c.text.starts_with(s.as_str()));
        for scope in &scopes {
            if !block.iter().any(|c| c.text.starts_with(scope.as_str())) {
                problems.push((
                    fence_at,
                    format!("the `not run` marker names `{scope}`, but no command of the block starts so"),
                ));
            }
        }
        out.extend(block.into_iter().filter(|c| !skipped(c)));
    }
    (out, problems)
}

/// What a marker leaves out.
#[derive(Debug, PartialEq)]
enum Skip {
    /// No marker.
    Nothing,
    /// The whole block (`<!-- not run: REASON -->`).
    All,
    /// The commands starting with one of these (`<!-- not run `CMD`: REASON -->`).
    Some(Vec<String>),
}

/// Reads `<!-- not run: REASON -->` or `<!-- not run `CMD`, `CMD`: REASON -->`.
fn parse_marker(line: &str) -> Result<Skip, String> {
    const FORM: &str = "write `<!-- not run: REASON -->`, or `<!-- not run `COMMAND`: REASON -->` for some commands of the block";
    let inner = line
        .trim_end()
        .strip_prefix(MARKER)
        .and_then(|r| r.strip_suffix("-->"))
        .ok_or_else(|| format!("a marker on one line: {FORM}"))?
        .trim_start();
    let mut scopes = Vec::new();
    let mut rest = inner;
    while let Some(after) = rest.strip_prefix('`') {
        let len = after
            .find('`')
            .ok_or_else(|| format!("unclosed backtick: {FORM}"))?;
        scopes.push(after[..len].to_string());
        rest = after[len + 1..].trim_start();
        rest = rest.strip_prefix(',').unwrap_or(rest).trim_start();
    }
    rest.strip_prefix(':')
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .ok_or_else(|| format!("a marker gives its reason: {FORM}"))?;
    Ok(if scopes.is_empty() {
        Skip::All
    } else {
        Skip::Some(scopes)
    })
}

/// An opening fence: three or more backticks, or three or more tildes
/// (CommonMark's two kinds).
struct Fence {
    /// Spaces before it.
    indent: usize,
    /// `` ` `` or `~`.
    mark: char,
    /// How many of them.
    len: usize,
    /// The first word of its info string.
    language: String,
}

/// The fence `line` opens, if it opens one.
fn open_fence(line: &str) -> Option<Fence> {
    let trimmed = line.trim_start_matches(' ');
    let mark = trimmed.chars().next().filter(|&c| c == '`' || c == '~')?;
    let len = trimmed.len() - trimmed.trim_start_matches(mark).len();
    (len >= 3).then(|| Fence {
        indent: line.len() - trimmed.len(),
        mark,
        len,
        language: trimmed[len..]
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_string(),
    })
}

impl Fence {
    /// Whether the block holds commands to run.
    fn is_commands(&self) -> bool {
        COMMAND_LANGUAGES.contains(&self.language.as_str())
    }

    /// Whether `line` closes the block: the same mark, at least as many,
    /// and nothing else (so ``` does not close a ~~~ block).
    fn closed_by(&self, line: &str) -> bool {
        let t = line.trim();
        t.len() >= self.len && t.chars().all(|c| c == self.mark)
    }
}

/// `line` without up to `indent` leading spaces.
fn dedent(line: &str, indent: usize) -> &str {
    let spaces = line.len() - line.trim_start_matches(' ').len();
    &line[spaces.min(indent)..]
}

/// The commands of one block; `first` is the 0-based line of its first line.
fn read_block(body: &[&str], first: usize) -> Result<Vec<Cmd>, (usize, String)> {
    let is_prompt = |l: &str| l.starts_with("$ ");
    let mut cmds = Vec::new();
    let mut i = 0;
    if body.iter().any(|l| is_prompt(l)) {
        // A transcript: `$ command`, then its output.
        while i < body.len() && !is_prompt(body[i]) {
            if !body[i].trim().is_empty() {
                return Err((
                    first + i + 1,
                    "text before the first `$ ` command of the block".into(),
                ));
            }
            i += 1;
        }
        while i < body.len() {
            let line = first + i + 1;
            let (text, next) = joined(body, i, |l| l.strip_prefix("$ ").unwrap_or(l));
            i = next;
            let mut output = Vec::new();
            while i < body.len() && !is_prompt(body[i]) {
                output.push(body[i]);
                i += 1;
            }
            while output.last().is_some_and(|l| l.trim().is_empty()) {
                output.pop();
            }
            cmds.push(Cmd {
                line,
                status: exit_status(&text),
                text,
                expected: Some(output.join("\n")),
            });
        }
    } else {
        // Bare commands, each to exit 0.
        while i < body.len() {
            let t = body[i].trim();
            if t.is_empty() || t.starts_with('#') {
                i += 1;
                continue;
            }
            let line = first + i + 1;
            let (text, next) = joined(body, i, str::trim_start);
            i = next;
            cmds.push(Cmd {
                line,
                status: exit_status(&text),
                text,
                expected: None,
            });
        }
    }
    Ok(cmds)
}

/// The command starting at `body[i]`, with the lines a trailing `\`
/// continues (a `> ` prompt before them dropped), and the index after it.
fn joined(body: &[&str], i: usize, first: impl Fn(&str) -> &str) -> (String, usize) {
    let mut text = first(body[i]).trim_end().to_string();
    let mut i = i + 1;
    while text.ends_with('\\') && i < body.len() {
        let next = body[i];
        text.push('\n');
        text.push_str(next.strip_prefix("> ").unwrap_or(next).trim_end());
        i += 1;
    }
    (text, i)
}

/// `N` of a trailing `# exit N` comment, else 0.
fn exit_status(text: &str) -> i32 {
    let last = text.lines().last().unwrap_or("");
    last.rfind('#')
        .filter(|&at| at > 0 && last[..at].ends_with(char::is_whitespace))
        .and_then(|at| last[at + 1..].trim().strip_prefix("exit "))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(cmds: &[Cmd]) -> Vec<&str> {
        cmds.iter().map(|c| c.text.as_str()).collect()
    }

    #[test]
    fn reads_transcripts() {
        let md = "Text.\n\n```console\n$ urikit encode --set path 'a b'\na%20b\n\n$ echo x \\\n> y\nx y\n$ urikit parse 'a b'  # exit 1\n```\n";
        let (cmds, problems) = commands(md);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(cmds.len(), 3);
        assert_eq!(cmds[0].line, 4);
        assert_eq!(cmds[0].expected.as_deref(), Some("a%20b"));
        assert_eq!(cmds[1].text, "echo x \\\ny");
        assert_eq!(cmds[1].expected.as_deref(), Some("x y"));
        assert_eq!((cmds[2].status, cmds[2].expected.as_deref()), (1, Some("")));
        assert_eq!(cmds[0].status, 0);
    }

    #[test]
    fn reads_bare_commands() {
        let md = "```sh\n# a comment\ncargo run -p x -- '#s'   # what it does\n\ncargo +nightly fuzz run T \\\n    -- -max_total_time=1\n```\n\n```text\n$ not a command\n```\n```rust\nfn main() {}\n```\n";
        let (cmds, problems) = commands(md);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(
            texts(&cmds),
            [
                "cargo run -p x -- '#s'   # what it does",
                "cargo +nightly fuzz run T \\\n    -- -max_total_time=1"
            ]
        );
        assert!(cmds.iter().all(|c| c.expected.is_none() && c.status == 0));
        assert_eq!(cmds[1].line, 5);
    }

    #[test]
    fn markers_leave_out_blocks_or_commands() {
        let md = "<!-- not run: takes minutes -->\n```sh\ncargo bench\n```\n\n  <!-- not run: network -->\n  ```sh\n  cargo install x\n  ```\n<!-- not run `cargo xtask ci`, `urikit check`: slow; no file -->\n```sh\ncargo xtask ci\nurikit check urls.txt\nurikit parse a\n```\n";
        let (cmds, problems) = commands(md);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(texts(&cmds), ["urikit parse a"]);
    }

    #[test]
    fn wrong_markers_are_problems() {
        let lines = |md: &str| -> Vec<usize> { commands(md).1.iter().map(|p| p.0).collect() };
        // Not before a fence; before a block that is not run anyway; no
        // reason; a scope no command matches.
        assert_eq!(lines("<!-- not run: x -->\n\n```sh\ntrue\n```\n"), [1]);
        assert_eq!(lines("a\n<!-- not run: x -->\n```text\ny\n```\n"), [2]);
        assert_eq!(lines("<!-- not run -->\n```sh\ntrue\n```\n"), [1]);
        assert_eq!(
            lines("<!-- not run `cargo`: x -->\n```sh\ntrue\n```\n"),
            [1]
        );
        // Text before the first prompt of a transcript.
        assert_eq!(lines("```console\noutput\n$ true\n```\n"), [2]);
        // A marker inside another block is text.
        assert!(lines("```markdown\n<!-- not run: x -->\n```\n").is_empty());
    }

    #[test]
    fn tilde_fences() {
        let md = "~~~sh\necho a\n~~~\n~~~console\n$ echo '```'\n```\n~~~\n\n<!-- not run: x -->\n~~~~ console\n$ echo c\nc\n~~~~\n````text\n~~~\n$ no\n````\n";
        let (cmds, problems) = commands(md);
        assert!(problems.is_empty(), "{problems:?}");
        // ``` inside a ~~~ block is a line of it (here, output), ~~~ inside
        // a ```` block too, and the marked block is left out.
        assert_eq!(texts(&cmds), ["echo a", "echo '```'"]);
        assert_eq!(cmds[1].expected.as_deref(), Some("```"));
        // Two tildes are not a fence: the marker is then before none.
        assert_eq!(commands("<!-- not run: x -->\n~~\ntrue\n~~\n").1.len(), 1);
    }

    #[test]
    fn exit_status_comments() {
        assert_eq!(exit_status("urikit check -  # exit 2"), 2);
        assert_eq!(exit_status("urikit resolve --base b '#s'"), 0);
        assert_eq!(exit_status("echo '# exit 3'x"), 0);
        assert_eq!(exit_status("#exit 1"), 0);
    }
}
