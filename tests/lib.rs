//! Conformance and property tests for the urikit workspace; everything is
//! under `tests/`, reading the vector files in `vectors/`.
