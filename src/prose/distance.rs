//! Optimal string alignment distance (Levenshtein plus swaps of adjacent characters, no
//! substring edited twice: the same value as `strsim::osa_distance`), computed 64 cells at a
//! time: Myers' (1999) bit-vector blocks with Hyyrö's (2003) transposition term. The prose
//! scores spend most of their time here on long changed regions, so a word instead of a cell
//! per step is the difference between milliseconds and tens of microseconds.

/// The distance between `a` and `b`, in characters.
pub fn osa_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // The shorter text runs down the bit vectors: fewer blocks per column.
    let (pattern, text) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    let Some(last) = pattern.len().checked_sub(1) else {
        return text.len();
    };
    let blocks = pattern.len().div_ceil(64);
    let mut alphabet = pattern.clone();
    crate::util::order::sort(&mut alphabet);
    alphabet.dedup();
    // For each distinct pattern character, the rows where it occurs, `blocks` words each.
    let mut occurs = vec![0u64; alphabet.len() * blocks];
    for (row, c) in pattern.iter().enumerate() {
        let word = alphabet.binary_search(c).ok().and_then(|k| occurs.get_mut(k * blocks + row / 64));
        if let Some(word) = word {
            *word |= 1 << (row % 64);
        }
    }
    let rows_of = |k: Option<usize>, block: usize| k.and_then(|k| occurs.get(k * blocks + block)).copied().unwrap_or(0);
    let bottom = 1u64 << (last % 64);
    // Per block: vertical deltas +1 (`up`) and -1 (`down`), and the previous column's diagonal
    // zeros (`same`: the cell equals its upper-left neighbour), which transpositions need.
    let mut state = vec![(!0u64, 0u64, 0u64); blocks];
    let mut distance = pattern.len();
    let mut previous: Option<usize> = None;
    for c in &text {
        let k = alphabet.binary_search(c).ok();
        // Horizontal delta entering the block from above: row 0 counts up by one per column.
        let mut delta_in: i8 = 1;
        let mut swap_carry = 0u64;
        for (block, (up, down, same_before)) in state.iter_mut().enumerate() {
            let (eq, eq_before) = (rows_of(k, block), rows_of(previous, block));
            // A swap a[i-1..=i] = b[j]b[j-1] reaches the cell from two rows and columns back.
            let swappable = !*same_before & eq;
            let swap = ((swappable << 1) | swap_carry) & eq_before;
            swap_carry = swappable >> 63;
            let eq = if delta_in < 0 { eq | 1 } else { eq };
            let same = (((eq & *up).wrapping_add(*up)) ^ *up) | eq | *down | swap;
            let mut h_up = *down | !(same | *up);
            let mut h_down = *up & same;
            let edge = if block + 1 == blocks { bottom } else { 1 << 63 };
            let delta_out: i8 = if h_up & edge != 0 {
                1
            } else if h_down & edge != 0 {
                -1
            } else {
                0
            };
            h_up <<= 1;
            h_down <<= 1;
            match delta_in {
                1 => h_up |= 1,
                -1 => h_down |= 1,
                _ => {}
            }
            *up = h_down | !(same | h_up);
            *down = same & h_up;
            *same_before = same;
            delta_in = delta_out;
        }
        distance = match delta_in {
            1 => distance + 1,
            -1 => distance.saturating_sub(1),
            _ => distance,
        };
        previous = k;
    }
    distance
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::test_random::Lcg;

    /// Seeded texts over a small alphabet, edited copies of each other, across block edges.
    #[test]
    fn equals_strsim_on_seeded_texts() {
        let mut random = Lcg(7);
        let letters = ['a', 'b', 'c', 'é', 'x'];
        for round in 0..3_000 {
            let max = [4, 64, 65, 130, 260][round % 5];
            let alphabet = 2 + random.next(4);
            let a: Vec<char> = (0..random.next(max)).map(|_| letters[random.next(alphabet)]).collect();
            let mut b = a.clone();
            for _ in 0..random.next(6) {
                let len = b.len();
                match random.next(4) {
                    0 if len > 1 => b.swap(random.next(len - 1), 0),
                    1 if len > 0 => {
                        b.remove(random.next(len));
                    }
                    2 => b.insert(random.next(len + 1), 'z'),
                    _ if len > 1 => {
                        let i = random.next(len - 1);
                        b.swap(i, i + 1)
                    }
                    _ => {}
                }
            }
            let (a, b): (String, String) = (a.into_iter().collect(), b.into_iter().collect());
            assert_eq!(osa_distance(&a, &b), strsim::osa_distance(&a, &b), "{a:?} {b:?}");
        }
    }

    #[test]
    fn known_distances() {
        assert_eq!(osa_distance("", "abc"), 3);
        assert_eq!(osa_distance("abc", ""), 3);
        assert_eq!(osa_distance("ab", "ba"), 1);
        assert_eq!(osa_distance("ca", "abc"), 3);
        assert_eq!(osa_distance("fiel", "file"), 1);
    }
}
