//! One [`ScalarUDFImpl`] for every function of the crate: a name, a
//! signature, a return type, documentation, and the function from the
//! argument columns to the result column.

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use datafusion::arrow::array::ArrayRef;
use datafusion::arrow::datatypes::DataType;
use datafusion::common::{Result, ScalarValue, exec_err};
use datafusion::logical_expr::{
    ColumnarValue, Documentation, ScalarFunctionArgs, ScalarUDF, ScalarUDFImpl, Signature,
    TypeSignature, Volatility,
};

/// What a function computes: from its argument columns (every one of the
/// same number of rows, constants repeated) to its result column.
pub(crate) type Eval = fn(&[ArrayRef]) -> Result<ArrayRef>;

/// A function of this crate as DataFusion sees it. Two are equal when
/// they have the same name (each name is one function).
#[derive(Debug)]
pub(crate) struct UriFunction {
    name: &'static str,
    signature: Signature,
    returns: DataType,
    eval: Eval,
    documentation: Documentation,
}

impl UriFunction {
    /// A function `name(args…) -> returns`, accepting any of the argument
    /// lists `arguments` (each a list of kinds, see [`Arg`]).
    pub(crate) fn udf(
        name: &'static str,
        arguments: &[&[Arg]],
        returns: DataType,
        eval: Eval,
        documentation: Documentation,
    ) -> ScalarUDF {
        let mut forms = Vec::new();
        for list in arguments {
            forms.extend(exact_forms(list));
        }
        ScalarUDF::new_from_impl(UriFunction {
            name,
            signature: Signature::one_of(forms, Volatility::Immutable),
            returns,
            eval,
            documentation,
        })
    }
}

/// The kind of one argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Arg {
    /// Text: `Utf8`, `LargeUtf8` or `Utf8View`.
    Text,
    /// A `Boolean`.
    Bool,
}

/// The exact type lists an argument list stands for: every text argument
/// of one string type (three lists), so that a `Utf8View` column stays
/// one (and its buffers can be shared) and no cast runs.
fn exact_forms(list: &[Arg]) -> Vec<TypeSignature> {
    [DataType::Utf8View, DataType::Utf8, DataType::LargeUtf8]
        .into_iter()
        .map(|text| {
            TypeSignature::Exact(
                list.iter()
                    .map(|arg| match arg {
                        Arg::Text => text.clone(),
                        Arg::Bool => DataType::Boolean,
                    })
                    .collect(),
            )
        })
        .collect()
}

impl PartialEq for UriFunction {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Eq for UriFunction {}

impl Hash for UriFunction {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name.hash(state);
    }
}

impl ScalarUDFImpl for UriFunction {
    fn name(&self) -> &str {
        self.name
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(self.returns.clone())
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let constant = args
            .args
            .iter()
            .all(|a| matches!(a, ColumnarValue::Scalar(_)));
        let arrays = ColumnarValue::values_to_arrays(&args.args)?;
        let out = (self.eval)(&arrays)?;
        if constant {
            if out.len() != 1 {
                return exec_err!("{}: one row in, {} out", self.name, out.len());
            }
            Ok(ColumnarValue::Scalar(ScalarValue::try_from_array(&out, 0)?))
        } else {
            Ok(ColumnarValue::Array(out))
        }
    }

    fn documentation(&self) -> Option<&Documentation> {
        Some(&self.documentation)
    }
}

/// Shorthand for the documentation of a function: its description, its
/// syntax, an example, and its arguments.
pub(crate) fn doc(
    description: &str,
    syntax: &str,
    example: &str,
    arguments: &[(&str, &str)],
) -> Documentation {
    let mut builder = Documentation::builder(
        datafusion::logical_expr::DocSection {
            include: true,
            label: "URI Functions",
            description: Some("RFC 3986 URIs and RFC 3987 IRIs, by urikit"),
        },
        description.to_string(),
        syntax.to_string(),
    )
    .with_sql_example(example.to_string());
    for (name, text) in arguments {
        builder = builder.with_argument(*name, *text);
    }
    builder.build()
}

/// The number of rows of a set of argument columns.
pub(crate) fn rows(args: &[ArrayRef]) -> usize {
    args.first().map_or(0, |a| a.len())
}

/// Shorthand: the argument columns as one `Arc`-ed result.
pub(crate) fn done(array: impl datafusion::arrow::array::Array + 'static) -> Result<ArrayRef> {
    Ok(Arc::new(array))
}
