//! [`error_kinds!`](crate::error_kinds!): an error-kind enum declared from
//! one list, as every `*ErrorKind` of the urikit crates is.

/// Declares an error-kind enum from one list: each kind is written once,
/// with its doc and its message, and the macro makes the enum, `name` (the
/// variant's identifier, stable for JSON output and vector files) and
/// `Display` (the message).
///
/// The urikit crates declare every `*ErrorKind` with it, so a kind's name
/// and message are never listed twice (RFC 3986 §2.1's
/// `InvalidPercentEncoding`, for instance, is one entry of
/// [`DecodeErrorKind`](crate::DecodeErrorKind)). The list begins with
/// `crate = <path>, example = <Kind>;`: the crate the enum is reached
/// from and one of its kinds, which the generated methods' doc examples
/// use (a kind with a value is written with it: `example = Parse(…)`).
///
/// When no kind carries a value, the macro also makes `message`, a
/// `const fn` giving the message, and `ALL`, every kind in the list's
/// order. A kind may carry one value (`Syntax(ParseErrorKind)`); its
/// message is then a format string whose `{0}` is that value.
///
/// # Examples
///
/// ```
/// uri_encode::error_kinds! {
///     crate = self, example = Empty;
///     /// What is wrong with a greeting.
///     #[derive(Debug, Clone, Copy, PartialEq, Eq)]
///     pub enum GreetingErrorKind {
///         /// Nothing was said.
///         Empty => "empty greeting",
///         /// Something other than `hello`.
///         Rude => "not `hello`",
///     }
/// }
///
/// assert_eq!(GreetingErrorKind::Rude.name(), "Rude");
/// assert_eq!(GreetingErrorKind::Empty.message(), "empty greeting");
/// assert_eq!(GreetingErrorKind::Rude.to_string(), "not `hello`");
/// assert_eq!(GreetingErrorKind::ALL, [GreetingErrorKind::Empty, GreetingErrorKind::Rude]);
///
/// uri_encode::error_kinds! {
///     crate = self, example = Missing;
///     /// What is wrong with a sentence.
///     #[derive(Debug, Clone, Copy, PartialEq, Eq)]
///     pub enum SentenceErrorKind {
///         /// No sentence.
///         Missing => "no sentence",
///         /// A bad greeting first.
///         Greeting(GreetingErrorKind) => "greeting: {0}",
///     }
/// }
///
/// let kind = SentenceErrorKind::Greeting(GreetingErrorKind::Rude);
/// assert_eq!(kind.name(), "Greeting");
/// assert_eq!(kind.to_string(), "greeting: not `hello`");
/// ```
#[macro_export]
macro_rules! error_kinds {
    // No kind carries a value: `message` and `ALL` too.
    (
        crate = $krate:path, example = $example:ident $(($arg:expr))?;
        $(#[$attr:meta])*
        $vis:vis enum $Name:ident {
            $(
                $(#[$doc:meta])*
                $kind:ident => $message:literal,
            )*
        }
    ) => {
        $crate::error_kinds! {
            @common crate = $krate, example = $example $(($arg))?;
            $(#[$attr])*
            $vis enum $Name { $( $(#[$doc])* $kind => $message, )* }
        }

        impl $Name {
            #[doc = concat!(
                "What the kind means, in a few words: the text `Display` writes.\n\n",
                "# Examples\n\n```\nuse ", stringify!($krate), "::", stringify!($Name), ";\n\n",
                "assert_eq!(", stringify!($Name), "::", stringify!($example), ".message(), ",
                stringify!($Name), "::", stringify!($example), ".to_string());\n```",
            )]
            $vis const fn message(self) -> &'static str {
                match self {
                    $($Name::$kind => $message,)*
                }
            }

            #[doc = concat!(
                "Every kind, in declaration order: for tests and tools that tabulate errors.\n\n",
                "# Examples\n\n```\nuse ", stringify!($krate), "::", stringify!($Name), ";\n\n",
                "assert!(", stringify!($Name), "::ALL.contains(&", stringify!($Name), "::",
                stringify!($example), "));\n```",
            )]
            $vis const ALL: &'static [$Name] = &[$($Name::$kind,)*];
        }
    };
    // Some kind carries a value.
    (
        crate = $krate:path, example = $example:ident $(($arg:expr))?;
        $(#[$attr:meta])*
        $vis:vis enum $Name:ident {
            $(
                $(#[$doc:meta])*
                $kind:ident $(($inner:ty))? => $message:literal,
            )*
        }
    ) => {
        $crate::error_kinds! {
            @common crate = $krate, example = $example $(($arg))?;
            $(#[$attr])*
            $vis enum $Name { $( $(#[$doc])* $kind $(($inner))? => $message, )* }
        }
    };
    (
        @common crate = $krate:path, example = $example:ident $(($arg:expr))?;
        $(#[$attr:meta])*
        $vis:vis enum $Name:ident {
            $(
                $(#[$doc:meta])*
                $kind:ident $(($inner:ty))? => $message:literal,
            )*
        }
    ) => {
        $(#[$attr])*
        $vis enum $Name {
            $(
                $(#[$doc])*
                $kind $(($inner))?,
            )*
        }

        impl $Name {
            #[doc = concat!(
                "The kind's name as written in the source, stable for JSON output and ",
                "vector files.\n\n# Examples\n\n```\nuse ", stringify!($krate), "::",
                stringify!($Name), ";\n\nassert_eq!(", stringify!($Name), "::", stringify!($example),
                $("(", stringify!($arg), ")",)? ".name(), \"", stringify!($example), "\");\n```",
            )]
            $vis const fn name(self) -> &'static str {
                match self {
                    $($crate::error_kinds!(@pattern $Name $kind _value $(($inner))?) => stringify!($kind),)*
                }
            }
        }

        impl ::core::fmt::Display for $Name {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                match *self {
                    $(
                        $crate::error_kinds!(@pattern $Name $kind value $(($inner))?) =>
                            $crate::error_kinds!(@write f $message value $(($inner))?),
                    )*
                }
            }
        }
    };
    (@pattern $Name:ident $kind:ident $value:ident) => { $Name::$kind };
    (@pattern $Name:ident $kind:ident $value:ident ($inner:ty)) => { $Name::$kind($value) };
    (@write $f:ident $message:literal $value:ident) => { $f.write_str($message) };
    (@write $f:ident $message:literal $value:ident ($inner:ty)) => {
        ::core::write!($f, $message, $value)
    };
}
