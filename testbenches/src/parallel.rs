//! Random campaigns on every core: each seed is an independent run, so a test spreads its
//! seeds over the machine's cores instead of leaving all but one idle.

use std::sync::atomic::{AtomicUsize, Ordering};

/// Runs `check` on every seed, spread over the machine's cores, and gives back its results in
/// the order of `seeds`. A check that panics (a failing seed, with its message) fails the call
/// with that same panic.
pub fn on_every_seed<T: Send>(seeds: &[u64], check: impl Fn(u64) -> T + Sync) -> Vec<T> {
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(seeds.len())
        .max(1);
    let next = AtomicUsize::new(0);
    let mut results: Vec<Option<T>> = seeds.iter().map(|_| None).collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let at = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&seed) = seeds.get(at) else { break };
                        done.push((at, check(seed)));
                    }
                    done
                })
            })
            .collect();
        for handle in handles {
            let done = handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            for (at, result) in done {
                results[at] = Some(result);
            }
        }
    });
    results
        .into_iter()
        .map(|r| r.expect("every seed is checked"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_seed_order() {
        let seeds: Vec<u64> = (0..50).rev().collect();
        let squares = on_every_seed(&seeds, |s| s * s);
        assert_eq!(squares, seeds.iter().map(|s| s * s).collect::<Vec<_>>());
        assert!(on_every_seed(&[], |s| s).is_empty());
    }

    #[test]
    #[should_panic(expected = "seed 7 fails")]
    fn a_failing_seed_fails_the_campaign_with_its_message() {
        let seeds: Vec<u64> = (0..20).collect();
        on_every_seed(&seeds, |s| assert!(s != 7, "seed {s} fails"));
    }
}
