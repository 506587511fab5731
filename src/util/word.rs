//! Text eight bytes at a time: the word-wide tests that let long scans (the number pass over a
//! snapshot, the hidden-character pass over a report) skip the bytes that need nothing.

/// A one in each byte of a word.
pub(crate) const ONES: u64 = 0x0101_0101_0101_0101;

/// The high bit of each byte.
pub(crate) const HIGH: u64 = ONES << 7;

/// Eight bytes of `bytes` from `i`, if there are eight.
#[inline]
pub(crate) fn word_at(bytes: &[u8], i: usize) -> Option<u64> {
    let chunk: [u8; 8] = bytes.get(i..i.checked_add(8)?)?.try_into().ok()?;
    Some(u64::from_le_bytes(chunk))
}

/// The high bit of each byte of `word` that is `byte`, exactly (no borrow between bytes).
#[inline]
pub(crate) fn bytes_equal(word: u64, byte: u8) -> u64 {
    let x = word ^ (ONES * u64::from(byte));
    !((x & !HIGH).wrapping_add(!HIGH) | x) & HIGH
}

/// The index of the first byte from `i` that is not a space: the indentation of pretty-printed
/// JSON, eight spaces at a time.
pub(crate) fn spaces_end(bytes: &[u8], mut i: usize) -> usize {
    while word_at(bytes, i) == Some(u64::from_le_bytes(*b"        ")) {
        i += 8;
    }
    while bytes.get(i) == Some(&b' ') {
        i += 1;
    }
    i
}

/// The index of the first `a` or `b` in `bytes` from `i`, passing eight bytes without either
/// at a time.
pub(crate) fn find_either(bytes: &[u8], mut i: usize, a: u8, b: u8) -> Option<usize> {
    while let Some(word) = word_at(bytes, i) {
        let hits = bytes_equal(word, a) | bytes_equal(word, b);
        if hits != 0 {
            return Some(i + (hits.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    bytes.get(i..)?.iter().position(|&byte| byte == a || byte == b).map(|at| i + at)
}

/// The index of the closing `"` of a string whose text starts at `i` (past the end if it has
/// none), a backslash escaping the byte after it. Most of a snapshot's bytes are in strings, so
/// runs of eight bytes without a quote or a backslash are passed over a word at a time.
pub(crate) fn string_end(bytes: &[u8], mut i: usize) -> usize {
    loop {
        while let Some(word) = word_at(bytes, i) {
            if bytes_equal(word, b'"') | bytes_equal(word, b'\\') != 0 {
                break;
            }
            i += 8;
        }
        match bytes.get(i) {
            None | Some(b'"') => return i,
            Some(b'\\') => i += 2,
            Some(_) => i += 1,
        }
    }
}

/// Whether two byte strings are equal, compared eight bytes at a time. wasm has no `memcmp` of
/// its own: the module's compares a byte at a time, and equal descriptions and names (most of
/// what a diff compares) run through every byte.
pub(crate) fn same(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while let (Some(x), Some(y)) = (word_at(a, i), word_at(b, i)) {
        if x != y {
            return false;
        }
        i += 8;
    }
    a[i..].iter().zip(&b[i..]).all(|(x, y)| x == y)
}

/// Two byte strings in `str`'s order (bytes, then length), compared eight bytes at a time and
/// in place: keys are looked up by halving sorted lists, and a `memcmp` call per probe cost
/// more than the comparison it made.
pub(crate) fn order(a: &[u8], b: &[u8]) -> std::cmp::Ordering {
    let mut i = 0;
    while let (Some(x), Some(y)) = (word_at(a, i), word_at(b, i)) {
        if x != y {
            // The lowest differing byte (words are read little-endian) decides.
            let at = i + ((x ^ y).trailing_zeros() / 8) as usize;
            return a[at].cmp(&b[at]);
        }
        i += 8;
    }
    for (x, y) in a[i..].iter().zip(&b[i..]) {
        if x != y {
            return x.cmp(y);
        }
    }
    a.len().cmp(&b.len())
}

/// The index of the first byte from `i` that ends a JSON string's plain run: a `"`, a backslash
/// or a control character (below 0x20), or the text's length. What the JSON reader stops at in
/// a string and the JSON writer escapes; most of a snapshot's and a report's bytes are in
/// strings, so eight bytes without one are passed at a time.
#[inline]
pub(crate) fn string_special(bytes: &[u8], mut i: usize) -> usize {
    while let Some(word) = word_at(bytes, i) {
        // A byte below 0x20 borrows when 0x20 is taken from it and has its high bit clear; a
        // `"` or backslash is a zero byte once XORed with it (a borrow can only set a bit
        // above a byte that is one of these, so the lowest bit set is exact).
        let (quote, backslash) = (word ^ (ONES * u64::from(b'"')), word ^ (ONES * u64::from(b'\\')));
        let hits = (word.wrapping_sub(ONES * 0x20) & !word)
            | (quote.wrapping_sub(ONES) & !quote)
            | (backslash.wrapping_sub(ONES) & !backslash);
        if hits & HIGH != 0 {
            return i + ((hits & HIGH).trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < bytes.len() && !matches!(bytes[i], b'"' | b'\\' | 0..=0x1f) {
        i += 1;
    }
    i
}

/// Whether every byte of `word` is printable ASCII (`0x20..=0x7e`).
pub(crate) fn printable_ascii(word: u64) -> bool {
    // A byte below 0x20 borrows when 0x20 is taken from its low seven bits; the high bit and
    // DEL are tested on their own.
    let below_space = (word & !HIGH).wrapping_add(ONES * 0x60) & HIGH;
    below_space == HIGH && word & HIGH == 0 && bytes_equal(word, 0x7f) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The word-at-a-time string end is the byte loop's, on strings with quotes and escapes at
    /// every offset, unterminated ones included.
    #[test]
    fn string_end_matches_the_byte_loop() {
        let by_bytes = |bytes: &[u8], mut i: usize| {
            while i < bytes.len() && bytes[i] != b'"' {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            i
        };
        let mut random = crate::util::test_random::Lcg(5);
        for _ in 0..20_000 {
            let text: Vec<u8> = (0..random.next(40)).map(|_| [b'a', b' ', b'"', b'\\', b'x'][random.next(5)]).collect();
            let from = random.next(text.len() + 1);
            assert_eq!(
                string_end(&text, from),
                by_bytes(&text, from),
                "{:?} from {from}",
                String::from_utf8_lossy(&text)
            );
        }
        assert_eq!(spaces_end(b"{           \"a\"", 1), 12);
    }

    #[test]
    fn find_either_finds_the_first_of_two_bytes_as_a_byte_loop_does() {
        let mut random = crate::util::test_random::Lcg(5);
        for _ in 0..5_000 {
            let bytes: Vec<u8> = (0..random.next(40)).map(|_| b"a #\n\x80"[random.next(5)]).collect();
            for from in 0..=bytes.len() {
                let expected = bytes[from..].iter().position(|&b| b == b'#' || b == b'\n').map(|at| from + at);
                assert_eq!(find_either(&bytes, from, b'#', b'\n'), expected, "{bytes:?} from {from}");
            }
        }
    }

    /// Equality and order, eight bytes at a time, are the slices' own on strings that share
    /// prefixes of every length and differ at every offset, in bytes of either sign.
    #[test]
    fn same_and_order_agree_with_the_slices_own() {
        let mut random = crate::util::test_random::Lcg(17);
        for _ in 0..50_000 {
            let mut a: Vec<u8> = (0..random.next(30)).map(|_| b"ab\x00\xff\x7f"[random.next(5)]).collect();
            let mut b = a.clone();
            match random.next(4) {
                0 => b.truncate(random.next(b.len() + 1)),
                1 if !b.is_empty() => {
                    let at = random.next(b.len());
                    b[at] = b"ab\x00\xff\x7f"[random.next(5)];
                }
                2 => b.extend((0..random.next(12)).map(|_| b"ab\x00\xff"[random.next(4)])),
                _ => a = (0..random.next(30)).map(|_| b"ab"[random.next(2)]).collect(),
            }
            assert_eq!(same(&a, &b), a == b, "{a:?} {b:?}");
            assert_eq!(order(&a, &b), a.cmp(&b), "{a:?} {b:?}");
            assert_eq!(order(&b, &a), b.cmp(&a), "{b:?} {a:?}");
        }
    }

    #[test]
    fn printable_ascii_and_bytes_equal_hold_for_exactly_their_bytes() {
        for byte in 0..=255u8 {
            let printable = (0x20..0x7f).contains(&byte);
            for at in 0..8 {
                let mut bytes = *b"abcdefgh";
                bytes[at] = byte;
                assert_eq!(printable_ascii(u64::from_le_bytes(bytes)), printable, "{byte:#x} at {at}");
                let equal = bytes.iter().enumerate().filter(|(_, b)| **b == byte).map(|(i, _)| 0x80u64 << (8 * i));
                assert_eq!(bytes_equal(u64::from_le_bytes(bytes), byte), equal.sum::<u64>(), "{byte:#x} at {at}");
            }
        }
    }
}
