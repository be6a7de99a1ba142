//! Files as tables, by their extension: CSV, Parquet, JSON lines, and
//! anything else as a list of URLs, one per line, in one column `url`.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use datafusion::arrow::array::{RecordBatch, StringViewBuilder};
use datafusion::arrow::datatypes::{DataType, Field, Schema, SchemaRef};
use datafusion::catalog::streaming::StreamingTable;
use datafusion::common::{DataFusionError, Result, TableReference};
use datafusion::execution::{SendableRecordBatchStream, TaskContext};
use datafusion::physical_plan::stream::RecordBatchStreamAdapter;
use datafusion::physical_plan::streaming::PartitionStream;
use datafusion::prelude::{CsvReadOptions, JsonReadOptions, ParquetReadOptions, SessionContext};

/// How many lines of a list of URLs make one batch.
const LINES_PER_BATCH: usize = 8192;

/// Registers the file at `path` with `ctx` as the table `name` (one
/// name, dots and slashes included: `'crawl.parquet'` in a `FROM` is the
/// table `crawl.parquet`), read by its extension, in any case:
///
/// - `.csv`: CSV with a header line;
/// - `.parquet`: Parquet;
/// - `.json`, `.jsonl`, `.ndjson`: one JSON object per line;
/// - anything else (`.txt`, no extension): a list of URLs, one per line
///   (`\n` or `\r\n`), as one `Utf8View` column `url`, read in batches of
///   8,192 lines as the query asks for them (the file is never in memory
///   whole); bytes that are not UTF-8 become U+FFFD.
///
/// # Errors
///
/// DataFusion's, when the file cannot be read as its extension says.
///
/// # Examples
///
/// ```
/// use datafusion::prelude::SessionContext;
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let path = std::env::temp_dir().join("urikit-datafusion-doc-urls.txt");
/// std::fs::write(&path, "https://a.example/x\nhttps://b.example/y\n")?;
/// # tokio::runtime::Runtime::new()?.block_on(async {
/// let ctx = SessionContext::new();
/// urikit_datafusion::register_all(&ctx);
/// urikit_datafusion::register_file(&ctx, "urls", &path).await?;
/// let rows = ctx.sql("SELECT uri_host(url) FROM urls").await?.count().await?;
/// assert_eq!(rows, 2);
/// # Ok::<(), datafusion::error::DataFusionError>(())
/// # })?;
/// # std::fs::remove_file(&path)?;
/// # Ok(())
/// # }
/// ```
pub async fn register_file(ctx: &SessionContext, name: &str, path: &Path) -> Result<()> {
    let table = TableReference::bare(name);
    let Some(text) = path.to_str() else {
        return Err(DataFusionError::Plan(format!(
            "{}: a path that is not UTF-8",
            path.display()
        )));
    };
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(|e| format!(".{e}"))
        .unwrap_or_default();
    match extension.to_ascii_lowercase().as_str() {
        ".csv" => {
            let options = CsvReadOptions::new().file_extension(&extension);
            ctx.register_csv(table, text, options).await
        }
        ".parquet" => {
            let options = ParquetReadOptions::default().file_extension(&extension);
            ctx.register_parquet(table, text, options).await
        }
        ".json" | ".jsonl" | ".ndjson" => {
            let options = JsonReadOptions::default().file_extension(&extension);
            ctx.register_json(table, text, options).await
        }
        _ => {
            // Fail now, not at the first batch, for a file that is not
            // there.
            File::open(path)?;
            let lines = Arc::new(Lines::new(path.to_path_buf()));
            let provider = StreamingTable::try_new(Arc::clone(lines.schema()), vec![lines])?;
            ctx.register_table(table, Arc::new(provider)).map(|_| ())
        }
    }
}

/// A list of URLs, one per line, as a stream of batches of one column
/// `url`.
#[derive(Debug)]
struct Lines {
    path: PathBuf,
    schema: SchemaRef,
}

impl Lines {
    /// The lines of the file at `path`.
    fn new(path: PathBuf) -> Self {
        let schema = Arc::new(Schema::new(vec![Field::new(
            "url",
            DataType::Utf8View,
            false,
        )]));
        Lines { path, schema }
    }
}

impl PartitionStream for Lines {
    fn schema(&self) -> &SchemaRef {
        &self.schema
    }

    fn execute(&self, _ctx: Arc<TaskContext>) -> SendableRecordBatchStream {
        let batches = match File::open(&self.path) {
            Ok(file) => Batches {
                reader: Some(BufReader::new(file)),
                schema: Arc::clone(&self.schema),
                line: Vec::new(),
                error: None,
            },
            Err(e) => Batches {
                reader: None,
                schema: Arc::clone(&self.schema),
                line: Vec::new(),
                error: Some(e.into()),
            },
        };
        Box::pin(RecordBatchStreamAdapter::new(
            Arc::clone(&self.schema),
            futures::stream::iter(batches),
        ))
    }
}

/// The batches of a file of lines: an iterator, read as it is pulled.
struct Batches {
    reader: Option<BufReader<File>>,
    schema: SchemaRef,
    line: Vec<u8>,
    error: Option<DataFusionError>,
}

impl Iterator for Batches {
    type Item = Result<RecordBatch>;

    fn next(&mut self) -> Option<Result<RecordBatch>> {
        if let Some(error) = self.error.take() {
            return Some(Err(error));
        }
        let reader = self.reader.as_mut()?;
        let mut urls = StringViewBuilder::with_capacity(LINES_PER_BATCH);
        let mut count = 0;
        while count < LINES_PER_BATCH {
            self.line.clear();
            match reader.read_until(b'\n', &mut self.line) {
                Ok(0) => {
                    self.reader = None;
                    break;
                }
                Ok(_) => {
                    let mut line = self.line.as_slice();
                    line = line.strip_suffix(b"\n").unwrap_or(line);
                    line = line.strip_suffix(b"\r").unwrap_or(line);
                    urls.append_value(String::from_utf8_lossy(line));
                    count += 1;
                }
                Err(e) => {
                    self.reader = None;
                    return Some(Err(e.into()));
                }
            }
        }
        if count == 0 {
            return None;
        }
        Some(
            RecordBatch::try_new(Arc::clone(&self.schema), vec![Arc::new(urls.finish())])
                .map_err(Into::into),
        )
    }
}
