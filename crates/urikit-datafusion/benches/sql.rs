//! urikit's DataFusion functions over the 109,062-URL corpus
//! (`crates/urikit-bench/data/mixed.txt`) repeated to 1,090,620 rows,
//! streamed in batches of 8,192 rows (the same batches again and again:
//! memory does not grow with the rows), beside `datafusion-spark`'s URL
//! function in the same process.
//!
//! `datafusion-spark`'s `parse_url` stops the query with an error at the
//! first URL that the WHATWG parser refuses and that holds `://`, which
//! the corpus has; its `try_parse_url` is the same code giving null
//! there, and is what is measured.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use datafusion::arrow::array::{RecordBatch, StringViewArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema, SchemaRef};
use datafusion::catalog::streaming::StreamingTable;
use datafusion::execution::{SendableRecordBatchStream, TaskContext};
use datafusion::physical_plan::stream::RecordBatchStreamAdapter;
use datafusion::physical_plan::streaming::PartitionStream;
use datafusion::prelude::SessionContext;
use futures::StreamExt;

/// How many times the corpus is repeated.
const REPEATS: usize = 10;

/// The corpus, in batches of 8,192 rows, repeated `repeats` times.
#[derive(Debug)]
struct Corpus {
    schema: SchemaRef,
    batches: Vec<RecordBatch>,
    repeats: usize,
}

impl Corpus {
    fn load(repeats: usize) -> Arc<Corpus> {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../urikit-bench/data/mixed.txt"
        );
        let text = std::fs::read_to_string(path).expect("the corpus");
        let lines: Vec<&str> = text.lines().collect();
        let schema = Arc::new(Schema::new(vec![Field::new(
            "url",
            DataType::Utf8View,
            false,
        )]));
        let batches = lines
            .chunks(8192)
            .map(|chunk| {
                let column: StringViewArray = chunk.iter().map(|s| Some(*s)).collect();
                RecordBatch::try_new(Arc::clone(&schema), vec![Arc::new(column)]).unwrap()
            })
            .collect();
        Arc::new(Corpus {
            schema,
            batches,
            repeats,
        })
    }

    fn rows(&self) -> usize {
        self.batches
            .iter()
            .map(RecordBatch::num_rows)
            .sum::<usize>()
            * self.repeats
    }
}

impl PartitionStream for Corpus {
    fn schema(&self) -> &SchemaRef {
        &self.schema
    }

    fn execute(&self, _ctx: Arc<TaskContext>) -> SendableRecordBatchStream {
        let batches = self.batches.clone();
        let all = (0..self.repeats).flat_map(move |_| batches.clone().into_iter().map(Ok));
        Box::pin(RecordBatchStreamAdapter::new(
            Arc::clone(&self.schema),
            futures::stream::iter(all),
        ))
    }
}

/// A session with the corpus as table `t`, urikit's functions, and
/// `datafusion-spark`'s URL functions (their `parse_url` replaced by
/// urikit's, which `register_all` registers last).
fn session(corpus: &Arc<Corpus>) -> SessionContext {
    let ctx = SessionContext::new();
    for f in datafusion_spark::function::url::functions() {
        ctx.register_udf(f.as_ref().clone());
    }
    urikit_datafusion::register_all(&ctx);
    let corpus: Arc<dyn PartitionStream> = Arc::clone(corpus) as _;
    let table = StreamingTable::try_new(Arc::clone(corpus.schema()), vec![corpus]).unwrap();
    ctx.register_table("t", Arc::new(table)).unwrap();
    ctx
}

/// Runs `sql` and counts the rows of its result, batch by batch.
async fn run(ctx: &SessionContext, sql: &str) -> usize {
    let mut stream = ctx.sql(sql).await.unwrap().execute_stream().await.unwrap();
    let mut rows = 0;
    while let Some(batch) = stream.next().await {
        rows += batch.unwrap().num_rows();
    }
    rows
}

fn bench(c: &mut Criterion) {
    let corpus = Corpus::load(REPEATS);
    let rows = corpus.rows();
    assert!(rows >= 1_000_000, "{rows} rows");
    let ctx = session(&corpus);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let queries = [
        ("uri_host", "SELECT uri_host(url) FROM t"),
        (
            "datafusion-spark try_parse_url HOST",
            "SELECT try_parse_url(url, 'HOST') FROM t",
        ),
        ("uri_parts", "SELECT uri_parts(url) FROM t"),
        ("uri_equiv_key", "SELECT uri_equiv_key(url) FROM t"),
        (
            "GROUP BY uri_registrable_domain",
            "SELECT uri_registrable_domain(url) d, count(*) n FROM t GROUP BY d ORDER BY n DESC LIMIT 20",
        ),
    ];
    let mut group = c.benchmark_group(format!("datafusion/{rows}-rows"));
    group.sample_size(10);
    for (name, sql) in queries {
        group.bench_function(name, |b| b.iter(|| runtime.block_on(run(&ctx, sql))));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
