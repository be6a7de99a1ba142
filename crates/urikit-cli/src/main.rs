//! The `urikit` command.

fn main() {}
