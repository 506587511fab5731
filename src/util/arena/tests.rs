//! Unit tests for `arena`, on a local arena driven through `GlobalAlloc` (natively the arena is
//! not the global allocator; in wasm it is, and every wasm test runs through it).

use super::*;
use crate::util::test_random::Lcg;

fn layout(size: usize, align: usize) -> Layout {
    Layout::from_size_align(size, align).unwrap()
}

/// Allocates `layout` inside a `build` call of `scope`, as a parser's allocations would be.
fn alloc_in(scope: Scope<'_>, arena: &ParseArena, layout: Layout) -> usize {
    // SAFETY: the test only keeps the address, and uses it within the scope.
    let built = unsafe { scope.build(|| arena.alloc(layout) as usize) };
    *built
}

#[test]
fn outside_a_build_the_system_allocator_serves() {
    let arena = ParseArena::new();
    arena.scope(|_| unsafe {
        let block = arena.alloc(layout(64, 8));
        assert!(!block.is_null());
        assert!(!arena.owns(block as usize));
        arena.dealloc(block, layout(64, 8));
    });
    assert_eq!(arena.reserved(), 0, "no chunk is taken when nothing is built");
}

#[test]
fn built_blocks_are_aligned_disjoint_and_keep_their_bytes_across_chunks() {
    let arena = ParseArena::new();
    arena.scope(|scope| {
        let mut blocks = Vec::new();
        let mut random = Lcg(0x2545_f491);
        // About 3 MiB in blocks of up to 8 KiB, plus one bigger than a chunk: several chunks.
        for i in 0..800 {
            let size = if i == 400 { 3 << 20 } else { 1 + random.next(8192) };
            let align = 1 << random.next(7);
            let address = alloc_in(scope, &arena, layout(size, align));
            assert_ne!(address, 0);
            assert_eq!(address % align, 0, "block of {size} bytes not aligned to {align}");
            assert!(arena.owns(address) && arena.owns(address + size - 1));
            unsafe { (address as *mut u8).write_bytes(i as u8, size) };
            blocks.push((address, size, i as u8));
        }
        let mut sorted = blocks.clone();
        sorted.sort();
        for pair in sorted.windows(2) {
            assert!(pair[0].0 + pair[0].1 <= pair[1].0, "blocks overlap: {pair:?}");
        }
        for (address, size, fill) in blocks {
            let bytes = unsafe { std::slice::from_raw_parts(address as *const u8, size) };
            assert!(bytes.iter().all(|&b| b == fill), "a block's bytes changed");
        }
        assert!(arena.chunk_count.get() >= 3, "only {} chunks", arena.chunk_count.get());
    });
}

#[test]
fn a_scope_rewinds_and_the_next_one_reuses_the_same_memory() {
    let arena = ParseArena::new();
    let first = arena.scope(|scope| alloc_in(scope, &arena, layout(100, 8)));
    let reserved = arena.reserved();
    let second = arena.scope(|scope| {
        let again = alloc_in(scope, &arena, layout(100, 8));
        // Freeing arena memory inside a scope gives nothing back before the rewind.
        unsafe { arena.dealloc(again as *mut u8, layout(100, 8)) };
        assert_ne!(alloc_in(scope, &arena, layout(100, 8)), again);
        again
    });
    assert_eq!(first, second);
    assert_eq!(arena.reserved(), reserved, "chunks are kept, not taken again");
}

#[test]
fn a_nested_scope_builds_on_the_heap() {
    let arena = ParseArena::new();
    arena.scope(|_| {
        arena.scope(|inner| {
            let address = alloc_in(inner, &arena, layout(32, 8));
            assert!(!arena.owns(address), "a nested scope must not use the arena its parent rewinds");
            unsafe { arena.dealloc(address as *mut u8, layout(32, 8)) };
        });
    });
}

#[test]
fn realloc_grows_the_newest_block_in_place_and_moves_older_ones_with_their_bytes() {
    let arena = ParseArena::new();
    arena.scope(|scope| unsafe {
        let (older, newest) = *scope.build(|| {
            let older = arena.alloc(layout(16, 8));
            older.write_bytes(7, 16);
            let newest = arena.alloc(layout(16, 8));
            newest.write_bytes(9, 16);
            let grown = arena.realloc(newest, layout(16, 8), 4096);
            assert_eq!(grown, newest, "the newest block grows where it is");
            let moved = arena.realloc(older, layout(16, 8), 64);
            assert_ne!(moved, older);
            assert!(arena.owns(moved as usize));
            (moved as usize, grown as usize)
        });
        assert!(std::slice::from_raw_parts(older as *const u8, 16).iter().all(|&b| b == 7));
        assert!(std::slice::from_raw_parts(newest as *const u8, 16).iter().all(|&b| b == 9));
        assert!(newest + 4096 <= older || older + 64 <= newest, "moved block overlaps the grown one");

        // A block from the system allocator is reallocated there, even while building.
        let system = arena.alloc(layout(8, 8));
        let grown = *scope.build(|| arena.realloc(system, layout(8, 8), 1 << 16) as usize);
        assert!(!arena.owns(grown));
        arena.dealloc(grown as *mut u8, layout(1 << 16, 8));
    });
}

#[test]
fn zeroed_blocks_are_zero_even_on_reused_memory() {
    let arena = ParseArena::new();
    arena.scope(|scope| {
        let address = alloc_in(scope, &arena, layout(256, 8));
        unsafe { (address as *mut u8).write_bytes(0xff, 256) };
    });
    arena.scope(|scope| unsafe {
        let zeroed = *scope.build(|| arena.alloc_zeroed(layout(256, 8)) as usize);
        assert!(std::slice::from_raw_parts(zeroed as *const u8, 256).iter().all(|&b| b == 0));
    });
}

#[test]
fn built_results_split_into_their_value_or_error() {
    let ok: Built<'_, Result<Vec<u8>, String>> = Built::on_heap(Ok(vec![1, 2]));
    assert!(matches!(ok.transpose(), Ok(value) if *value == [1, 2]));
    let err: Built<'_, Result<Vec<u8>, String>> = Built::on_heap(Err("bad".to_string()));
    assert!(matches!(err.transpose(), Err(error) if *error == "bad"));
}
