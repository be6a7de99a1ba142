//! `urikit-sql`: runs one SQL statement with every urikit function
//! registered; a quoted path in `FROM` is a table read by its extension
//! (`urikit_datafusion::register_file`).

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

use clap::{Parser, ValueEnum};
use datafusion::arrow::array::RecordBatch;
use datafusion::common::Result;
use datafusion::prelude::SessionContext;
use futures::StreamExt;

/// Run SQL over files of URLs with urikit's functions (uri_host,
/// uri_parts, uri_normalize, uri_equiv_key, uri_registrable_domain, …).
///
/// A quoted path in FROM is read by its extension: .csv (with a header),
/// .parquet, .json/.jsonl/.ndjson (one object per line), and anything else
/// as a list of URLs, one per line, in one column `url`.
///
/// Example: urikit-sql "SELECT uri_registrable_domain(url) d, count(*) n
/// FROM 'crawl.txt' GROUP BY d ORDER BY n DESC LIMIT 20"
#[derive(Debug, Parser)]
#[command(name = "urikit-sql", version)]
struct Args {
    /// How to print the result: a table (all rows gathered first), CSV
    /// with a header, or JSON lines (both printed batch by batch).
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
    /// The SQL statement.
    sql: String,
}

/// The output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    /// A table, as DataFusion's CLI prints one.
    Table,
    /// CSV with a header line (nested values, such as uri_parts' struct,
    /// are refused by the CSV writer: take their fields).
    Csv,
    /// One JSON object per row.
    Json,
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let message = e.to_string();
            if !is_broken_pipe(&message) {
                eprintln!("urikit-sql: {message}");
            }
            ExitCode::FAILURE
        }
    }
}

/// Whether an error is only the reader of our output going away.
fn is_broken_pipe(message: &str) -> bool {
    message.contains("Broken pipe")
}

/// Runs `args.sql` and prints its result.
async fn run(args: &Args) -> Result<()> {
    let ctx = SessionContext::new();
    urikit_datafusion::register_all(&ctx);
    let state = ctx.state();
    let dialect = state.config().options().sql_parser.dialect;
    let statement = state.sql_to_statement(&args.sql, &dialect)?;
    for table in state.resolve_table_references(&statement)? {
        let name = table.table();
        if table.schema().is_none() && Path::new(name).is_file() {
            urikit_datafusion::register_file(&ctx, name, Path::new(name)).await?;
        }
    }
    let frame = ctx.sql(&args.sql).await?;
    let mut out = io::stdout().lock();
    match args.format {
        Format::Table => {
            let batches = frame.collect().await?;
            let table = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?;
            writeln!(out, "{table}")?;
        }
        Format::Csv => {
            let mut stream = frame.execute_stream().await?;
            let mut writer = datafusion::arrow::csv::WriterBuilder::new()
                .with_header(true)
                .build(&mut out);
            while let Some(batch) = stream.next().await {
                writer.write(&batch?)?;
            }
        }
        Format::Json => {
            let mut stream = frame.execute_stream().await?;
            let mut writer = datafusion::arrow::json::LineDelimitedWriter::new(&mut out);
            while let Some(batch) = stream.next().await {
                let batch: RecordBatch = batch?;
                writer.write(&batch)?;
            }
            writer.finish()?;
        }
    }
    out.flush()?;
    Ok(())
}
