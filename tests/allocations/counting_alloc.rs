//! A counting global allocator for the no-allocation tests: it counts the
//! allocations of the current thread while a thread-local flag is on, so the
//! test harness and other test threads do not disturb the count.
//!
//! The `#[global_allocator]` of the `allocations` test binary, whose modules
//! (`no_alloc.rs`, `encode_no_alloc.rs`, `resolve_no_alloc.rs`) count with
//! [`allocations`]. Tests run in parallel threads of that one process; as
//! the count and its switch are per thread, each test sees only its own
//! allocations, and the tests need not run one at a time. No other test
//! binary has this allocator. This is the one file of the crate with `unsafe`:
//! `GlobalAlloc` is an `unsafe` trait. The workspace forbids `unsafe_code`,
//! and `forbid` cannot be lifted by `#![allow]` (E0453), so `tests/Cargo.toml`
//! copies the workspace lints with `unsafe_code = "deny"`, and this file
//! alone allows it.

#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting allocations while [`COUNTING`] is on.
struct CountingAllocator;

thread_local! {
    /// Whether this thread's allocations are counted now.
    static COUNTING: Cell<bool> = const { Cell::new(false) };
    /// How many allocations this thread made while counting.
    static COUNT: Cell<usize> = const { Cell::new(0) };
}

/// Counts one allocation if this thread is counting.
///
/// Allocation-free: both thread-locals are `const`-initialized `Cell`s with no
/// destructor, so touching them registers nothing and allocates nothing;
/// `try_with` only fails while the thread is being torn down, and then the
/// allocation is not counted.
fn note_allocation() {
    let counting = COUNTING.try_with(Cell::get).unwrap_or(false);
    if counting {
        let _ = COUNT.try_with(|c| c.set(c.get() + 1));
    }
}

// SAFETY: every method forwards its arguments unchanged to `System`, which
// implements `GlobalAlloc` soundly, and returns `System`'s result unchanged,
// so every contract of `GlobalAlloc` (layouts, alignment, pointers passed back
// to `dealloc`/`realloc` having come from this allocator with that layout) is
// the one `System` already upholds. The only addition, `note_allocation`,
// does not allocate, does not unwind (it panics on nothing: `try_with` and
// `Cell` accesses cannot fail), and touches no memory the allocator hands out.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note_allocation();
        // SAFETY: the caller upholds `GlobalAlloc::alloc`'s contract for `layout`.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note_allocation();
        // SAFETY: the caller upholds `GlobalAlloc::alloc_zeroed`'s contract for `layout`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note_allocation();
        // SAFETY: `ptr` came from this allocator, that is from `System`, with
        // `layout`, as the caller guarantees; `new_size` is as the caller checked.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from this allocator, that is from `System`, with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// Runs `f`, returning its result and how many allocations it made on this thread.
pub(crate) fn allocations<R>(f: impl FnOnce() -> R) -> (R, usize) {
    COUNT.with(|c| c.set(0));
    COUNTING.with(|c| c.set(true));
    let result = f();
    COUNTING.with(|c| c.set(false));
    (result, COUNT.with(Cell::get))
}
