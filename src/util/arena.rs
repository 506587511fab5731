//! The wasm module's allocator: the system allocator (dlmalloc), plus a bump arena in which
//! the two parsed input documents live for the length of one diff.
//!
//! Why: in wasm, dropping the parsed documents node by node (serde_json's `BTreeMap`s) was
//! 10–16% of a diff, and dlmalloc's bookkeeping a good part of parsing. In the arena a parse
//! allocates by bumping a pointer, frees nothing, and the documents are released all at once by
//! rewinding the arena when the diff is done. Native builds keep the system allocator, and
//! [`global`] is `None` there, except with the `fuzz-arena` feature: the fuzz crate (`fuzz/`)
//! turns it on so that libFuzzer runs this same code natively, as the global allocator, and
//! under AddressSanitizer the arena tells ASan which of its bytes are live (see [`asan`]).
//!
//! Soundness rests on two rules, both enforced here: only allocations made inside
//! [`Scope::build`] come from the arena, and what `build` returns (a [`Built`]) cannot leave the
//! [`ParseArena::scope`] call that made it, which rewinds the arena when it returns.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::marker::PhantomData;
use std::mem::ManuallyDrop;
use std::ops::Deref;

/// Chunk sizes double from 1 MiB up to 1 GiB (ten doublings), so a 32-bit address space never
/// needs more than a dozen chunks; the table has room for more.
const MAX_CHUNKS: usize = 32;
const FIRST_CHUNK: usize = 1 << 20;
const DOUBLINGS: usize = 10;
const CHUNK_ALIGN: usize = 16;

/// A bump arena in front of the system allocator. Outside a [`Scope::build`] call every
/// request goes to the system allocator; freeing memory the arena owns is a no-op.
pub struct ParseArena {
    /// True while a [`Scope::build`] closure runs: new allocations come from the arena.
    building: Cell<bool>,
    /// True while a [`ParseArena::scope`] runs (a nested scope gets no arena).
    in_scope: Cell<bool>,
    /// Next free byte and end of the chunk in use.
    cursor: Cell<usize>,
    limit: Cell<usize>,
    /// Index of the chunk in use, and the chunks as `(start, end)`, kept from one scope to
    /// the next so that later diffs reuse memory that is already mapped and cached.
    current: Cell<usize>,
    chunks: [Cell<(usize, usize)>; MAX_CHUNKS],
    chunk_count: Cell<usize>,
}

// wasm32-unknown-unknown without the atomics feature runs one thread, so the `Cell`s are never
// shared. A threaded build fails here, as it should: the arena would need per-thread state.
// The native fuzz build (`fuzz-arena`) is single-threaded in the same sense: libFuzzer calls
// the target on its main thread only, and its own helper threads (timeout, RSS limit) are C++
// that allocates with malloc, never through Rust's global allocator. Nothing else may turn the
// feature on (the test suites are multi-threaded).
#[cfg(any(all(target_arch = "wasm32", not(target_feature = "atomics")), feature = "fuzz-arena"))]
unsafe impl Sync for ParseArena {}

/// The arena, where it is the global allocator (wasm, and native fuzz builds).
#[cfg(any(target_arch = "wasm32", feature = "fuzz-arena"))]
#[global_allocator]
static ALLOCATOR: ParseArena = ParseArena::new();

/// The arena documents may be parsed into: the global allocator's in wasm (and in native fuzz
/// builds), none natively.
pub fn global() -> Option<&'static ParseArena> {
    #[cfg(any(target_arch = "wasm32", feature = "fuzz-arena"))]
    return Some(&ALLOCATOR);
    #[cfg(not(any(target_arch = "wasm32", feature = "fuzz-arena")))]
    None
}

/// AddressSanitizer's view of arena memory. ASan sees each chunk as one live block from the
/// system allocator, so by itself it would miss the errors the arena makes possible: reading a
/// document after the rewind, or a block after it was freed or moved by `realloc`. In a fuzz
/// build under ASan the arena marks its free bytes as poisoned (a new chunk, the whole arena at
/// each rewind, a freed or moved block) and unpoisons exactly what it hands out; everywhere
/// else these are no-ops, so wasm and ordinary native builds run the same code as before.
#[cfg(feature = "fuzz-arena")]
mod asan {
    // `sanitize` is a nightly-only cfg, evaluated only inside this feature-gated module.
    #[cfg(sanitize = "address")]
    extern "C" {
        fn __asan_poison_memory_region(address: *const u8, size: usize);
        fn __asan_unpoison_memory_region(address: *const u8, size: usize);
    }

    /// Marks `size` bytes from `address` as not addressable.
    #[allow(unused_variables)]
    pub fn poison(address: usize, size: usize) {
        // SAFETY: ASan's interface only updates its shadow memory for the range.
        #[cfg(sanitize = "address")]
        unsafe {
            __asan_poison_memory_region(address as *const u8, size)
        }
    }

    /// Marks `size` bytes from `address` as addressable again.
    #[allow(unused_variables)]
    pub fn unpoison(address: usize, size: usize) {
        // SAFETY: as for `poison`.
        #[cfg(sanitize = "address")]
        unsafe {
            __asan_unpoison_memory_region(address as *const u8, size)
        }
    }
}

#[cfg(not(feature = "fuzz-arena"))]
mod asan {
    pub fn poison(_address: usize, _size: usize) {}
    pub fn unpoison(_address: usize, _size: usize) {}
}

impl Default for ParseArena {
    fn default() -> Self {
        Self::new()
    }
}

impl ParseArena {
    pub const fn new() -> Self {
        #[allow(clippy::declare_interior_mutable_const)] // each array element is its own Cell
        const NO_CHUNK: Cell<(usize, usize)> = Cell::new((0, 0));
        ParseArena {
            building: Cell::new(false),
            in_scope: Cell::new(false),
            cursor: Cell::new(0),
            limit: Cell::new(0),
            current: Cell::new(0),
            chunks: [NO_CHUNK; MAX_CHUNKS],
            chunk_count: Cell::new(0),
        }
    }

    /// Runs `work` with a [`Scope`] whose [`Scope::build`] allocates in this arena, then
    /// rewinds the arena. `R` cannot borrow what was built (the scope's lifetime is not
    /// nameable outside `work`), so nothing that lives in the arena survives the rewind. A
    /// scope opened inside another gets a scope without an arena.
    pub fn scope<R>(&self, work: impl for<'s> FnOnce(Scope<'s>) -> R) -> R {
        if self.in_scope.replace(true) {
            return work(Scope::without_arena());
        }
        let result = work(Scope { arena: Some(self), _invariant: PhantomData });
        self.rewind();
        self.in_scope.set(false);
        result
    }

    /// Makes every chunk free again. Only [`ParseArena::scope`] calls it, when nothing built in
    /// its scope can still be reached.
    fn rewind(&self) {
        for chunk in &self.chunks[..self.chunk_count.get()] {
            let (start, end) = chunk.get();
            asan::poison(start, end - start);
        }
        self.current.set(0);
        let (start, end) = if self.chunk_count.get() > 0 { self.chunks[0].get() } else { (0, 0) };
        self.cursor.set(start);
        self.limit.set(end);
    }

    fn owns(&self, address: usize) -> bool {
        self.chunks[..self.chunk_count.get()].iter().any(|chunk| {
            let (start, end) = chunk.get();
            (start..end).contains(&address)
        })
    }

    /// Bytes the arena holds from the system allocator.
    #[cfg(test)]
    fn reserved(&self) -> usize {
        self.chunks[..self.chunk_count.get()].iter().map(|chunk| chunk.get().1 - chunk.get().0).sum()
    }

    /// Takes `layout` from the chunk in use, moving on to the next kept chunk or a new, larger
    /// one when it does not fit. Null when the system allocator has no more memory.
    fn bump(&self, layout: Layout) -> *mut u8 {
        loop {
            let start = self.cursor.get().checked_next_multiple_of(layout.align());
            if let Some(start) = start.filter(|&start| self.limit.get() != 0 && start <= self.limit.get()) {
                if layout.size() <= self.limit.get() - start {
                    self.cursor.set(start + layout.size());
                    asan::unpoison(start, layout.size());
                    return start as *mut u8;
                }
            }
            let next = if self.limit.get() == 0 { 0 } else { self.current.get() + 1 };
            if next < self.chunk_count.get() {
                let (start, end) = self.chunks[next].get();
                self.current.set(next);
                self.cursor.set(start);
                self.limit.set(end);
                continue;
            }
            if !self.add_chunk(layout) {
                return std::ptr::null_mut();
            }
        }
    }

    /// Appends a chunk big enough for `layout` and makes it the one in use.
    fn add_chunk(&self, layout: Layout) -> bool {
        let count = self.chunk_count.get();
        let Some(needed) = layout.size().checked_add(layout.align()) else { return false };
        if count == MAX_CHUNKS {
            return false;
        }
        let size = (FIRST_CHUNK << count.min(DOUBLINGS)).max(needed);
        let Ok(chunk_layout) = Layout::from_size_align(size, CHUNK_ALIGN) else { return false };
        // SAFETY: `chunk_layout` has a non-zero size.
        let start = unsafe { System.alloc(chunk_layout) };
        // A chunk that ends at the top of the address space would wrap `end`: not used.
        let Some(end) = (start as usize).checked_add(size).filter(|_| !start.is_null()) else {
            if !start.is_null() {
                // SAFETY: just allocated with this layout.
                unsafe { System.dealloc(start, chunk_layout) };
            }
            return false;
        };
        asan::poison(start as usize, size);
        self.chunks[count].set((start as usize, end));
        self.chunk_count.set(count + 1);
        self.current.set(count);
        self.cursor.set(start as usize);
        self.limit.set(end);
        true
    }
}

impl Drop for ParseArena {
    fn drop(&mut self) {
        for chunk in &self.chunks[..self.chunk_count.get()] {
            let (start, end) = chunk.get();
            asan::unpoison(start, end - start);
            // SAFETY: each chunk came from `System.alloc` with this size and alignment.
            unsafe { System.dealloc(start as *mut u8, Layout::from_size_align_unchecked(end - start, CHUNK_ALIGN)) };
        }
    }
}

// SAFETY: arena memory is handed out once per rewind, never overlaps (the cursor only moves
// forward within a chunk) and is aligned as asked; everything else is the system allocator's.
unsafe impl GlobalAlloc for ParseArena {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if self.building.get() {
            self.bump(layout)
        } else {
            System.alloc(layout)
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if !self.building.get() {
            return System.alloc_zeroed(layout);
        }
        let ptr = self.bump(layout);
        if !ptr.is_null() {
            ptr.write_bytes(0, layout.size());
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // Arena memory is released by the rewind, all at once.
        if self.owns(ptr as usize) {
            asan::poison(ptr as usize, layout.size());
        } else {
            System.dealloc(ptr, layout);
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let address = ptr as usize;
        if !self.owns(address) {
            return System.realloc(ptr, layout, new_size);
        }
        // The newest block of the chunk in use grows (or shrinks) in place when there is room.
        if self.building.get()
            && address + layout.size() == self.cursor.get()
            && address >= self.chunks[self.current.get()].get().0
            && new_size <= self.limit.get() - address
        {
            self.cursor.set(address + new_size);
            asan::poison(address, layout.size());
            asan::unpoison(address, new_size);
            return ptr;
        }
        let new_layout = Layout::from_size_align_unchecked(new_size, layout.align());
        let moved = self.alloc(new_layout);
        if !moved.is_null() {
            std::ptr::copy_nonoverlapping(ptr, moved, layout.size().min(new_size));
            asan::poison(address, layout.size());
        }
        moved
    }
}

/// Lent by [`ParseArena::scope`]; `'s` is that call, and values built through it cannot
/// outlive it.
#[derive(Clone, Copy)]
pub struct Scope<'s> {
    arena: Option<&'s ParseArena>,
    /// Invariant in `'s`, so that a `Built<'s, _>` can never be passed off as longer-lived.
    _invariant: PhantomData<fn(&'s ()) -> &'s ()>,
}

impl<'s> Scope<'s> {
    /// A scope that builds on the ordinary heap (native builds, nested scopes).
    pub fn without_arena() -> Self {
        Scope { arena: None, _invariant: PhantomData }
    }

    /// Runs `make` with its allocations taken from the arena (when the scope has one).
    ///
    /// # Safety
    /// Everything `make` allocates must be reachable only through the value it returns: it
    /// must not store an allocation anywhere else (a captured collection, a static, a lazily
    /// created global of a library), since that memory is reused after the scope ends. It must
    /// also not return memory allocated before the call (it would never be freed).
    pub unsafe fn build<T>(self, make: impl FnOnce() -> T) -> Built<'s, T> {
        let Some(arena) = self.arena else { return Built::on_heap(make()) };
        let was_building = arena.building.replace(true);
        let value = make();
        arena.building.set(was_building);
        Built { value: Holder::Arena(ManuallyDrop::new(value)), _scope: PhantomData }
    }
}

/// A value built in a [`Scope`]. In the arena it is never dropped (its memory goes back with
/// the rewind, which is the point); on the heap it drops as usual.
pub struct Built<'s, T> {
    value: Holder<T>,
    _scope: PhantomData<fn(&'s ()) -> &'s ()>,
}

enum Holder<T> {
    Arena(ManuallyDrop<T>),
    Heap(T),
}

impl<'s, T> Built<'s, T> {
    /// A value made on the heap, in the shape of one built in a scope.
    pub fn on_heap(value: T) -> Self {
        Built::held(Holder::Heap(value))
    }

    fn held(value: Holder<T>) -> Self {
        Built { value, _scope: PhantomData }
    }
}

impl<'s, T, E> Built<'s, Result<T, E>> {
    /// The `Ok` or `Err` inside, still held where it was built.
    pub fn transpose(self) -> Result<Built<'s, T>, Built<'s, E>> {
        match self.value {
            Holder::Arena(result) => match ManuallyDrop::into_inner(result) {
                Ok(value) => Ok(Built::held(Holder::Arena(ManuallyDrop::new(value)))),
                Err(error) => Err(Built::held(Holder::Arena(ManuallyDrop::new(error)))),
            },
            Holder::Heap(Ok(value)) => Ok(Built::held(Holder::Heap(value))),
            Holder::Heap(Err(error)) => Err(Built::held(Holder::Heap(error))),
        }
    }
}

impl<T> Deref for Built<'_, T> {
    type Target = T;

    fn deref(&self) -> &T {
        match &self.value {
            Holder::Arena(value) => value,
            Holder::Heap(value) => value,
        }
    }
}

#[cfg(test)]
mod tests;
