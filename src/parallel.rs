//! Work spread over the machine's cores, its results handed on in the order
//! of the input, so that what a reader gives is the same bytes however many
//! cores read it.
//!
//! A reader whose parts are independent (Hoyle's solutions, Lasca's games,
//! the 1852 book's games, Paterson's pages) reads them side by side and hands
//! each on as soon as those before it are handed on. Only a few parts run
//! ahead of the one handed on last, so memory stays that of a few parts.
//!
//! Parallel work is never nested: a worker, or a caller that already reads
//! files side by side, runs any work it asks for on its own thread
//! ([`alone`]). `GAMESCRIBE_THREADS` sets how many threads read (1: none but
//! the caller's).

use std::cell::Cell;
use std::collections::BTreeMap;
use std::sync::{mpsc, Condvar, Mutex, PoisonError};

thread_local! {
    /// Set on a thread whose work must not spread further.
    static ALONE: Cell<bool> = const { Cell::new(false) };
}

/// How many threads work may be spread over from this thread.
pub fn threads() -> usize {
    if ALONE.with(Cell::get) {
        return 1;
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    match std::env::var("GAMESCRIBE_THREADS").ok().and_then(|v| v.trim().parse::<usize>().ok()) {
        Some(n) => n.max(1),
        None => cores,
    }
}

/// Run `f` with every parallel work it asks for kept on this thread.
pub fn alone<R>(f: impl FnOnce() -> R) -> R {
    let was = ALONE.with(|a| a.replace(true));
    let out = f();
    ALONE.with(|a| a.set(was));
    out
}

/// Items taken by the workers, and how far the results are handed on.
struct Queue<I> {
    items: I,
    taken: usize,
    handed_on: usize,
    stop: bool,
}

/// `work` done on each item, on [`threads`] workers, the results given to
/// `consume` in the items' order. Workers take at most a few items past the
/// result handed on last. A panic in `work` is raised again here.
pub fn in_order<T, R, O>(items: impl Iterator<Item = T> + Send, work: impl Fn(T) -> R + Sync, consume: impl FnOnce(&mut dyn Iterator<Item = R>) -> O) -> O
where
    T: Send,
    R: Send,
{
    // Far enough that one slow part holds back no worker for long.
    in_order_ahead(8 * threads(), items, work, consume)
}

/// As [`in_order`], with at most `ahead` items taken past the result handed
/// on last (for large results, such as whole files read).
pub fn in_order_ahead<T, R, O>(ahead: usize, items: impl Iterator<Item = T> + Send, work: impl Fn(T) -> R + Sync, consume: impl FnOnce(&mut dyn Iterator<Item = R>) -> O) -> O
where
    T: Send,
    R: Send,
{
    let workers = threads();
    if workers <= 1 {
        return consume(&mut items.map(work));
    }
    let ahead = ahead.max(1);
    let queue = Mutex::new(Queue { items, taken: 0, handed_on: 0, stop: false });
    let turn = Condvar::new();
    let lock = || queue.lock().unwrap_or_else(PoisonError::into_inner);
    std::thread::scope(|scope| {
        let (done, results) = mpsc::channel();
        for _ in 0..workers {
            let done = done.clone();
            let (work, turn, lock) = (&work, &turn, &lock);
            scope.spawn(move || {
                ALONE.with(|a| a.set(true));
                loop {
                    let (i, item) = {
                        let mut q = lock();
                        while !q.stop && q.taken >= q.handed_on + ahead {
                            q = turn.wait(q).unwrap_or_else(PoisonError::into_inner);
                        }
                        if q.stop {
                            return;
                        }
                        // A panic in the items' own iterator is the caller's too.
                        let item = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| q.items.next()));
                        let i = q.taken;
                        match item {
                            Ok(Some(item)) => {
                                q.taken += 1;
                                (i, item)
                            }
                            Ok(None) => return,
                            Err(panic) => {
                                q.taken += 1;
                                q.stop = true;
                                let _ = done.send((i, Err(panic)));
                                return;
                            }
                        }
                    };
                    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(item)));
                    if done.send((i, result)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(done);
        let mut waiting = BTreeMap::new();
        let mut next = 0;
        // However the consumer ends (early, or in a panic), the workers
        // waiting for a turn go home, so that the scope can end.
        let _stop_on_exit = OnDrop(|| {
            lock().stop = true;
            turn.notify_all();
        });
        let mut ordered = std::iter::from_fn(|| loop {
            if let Some(result) = waiting.remove(&next) {
                next += 1;
                lock().handed_on = next;
                turn.notify_all();
                match result {
                    Ok(r) => return Some(r),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            let (i, result) = results.recv().ok()?;
            waiting.insert(i, result);
        });
        consume(&mut ordered)
    })
}

/// Runs its closure when dropped.
struct OnDrop<F: Fn()>(F);

impl<F: Fn()> Drop for OnDrop<F> {
    fn drop(&mut self) {
        (self.0)();
    }
}

/// `work` done on each item of a slice, on [`threads`] workers, the results in the slice's order.
pub fn map<T: Sync, R: Send>(items: &[T], work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    in_order(items.iter(), work, |results| results.collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_the_order_of_the_items_whatever_each_takes() {
        let items: Vec<u64> = (0..200).collect();
        let out = map(&items, |&n| {
            // Later items finish first.
            std::thread::sleep(std::time::Duration::from_micros(200 - n));
            n * n
        });
        assert_eq!(out, items.iter().map(|n| n * n).collect::<Vec<_>>());
    }

    #[test]
    fn a_consumer_that_stops_early_stops_the_workers() {
        let taken = std::sync::atomic::AtomicUsize::new(0);
        let first: Vec<usize> = in_order(
            0..100_000,
            |n| {
                taken.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                n
            },
            |results| results.take(3).collect(),
        );
        assert_eq!(first, [0, 1, 2]);
        // Only a few items run ahead of those handed on.
        assert!(taken.load(std::sync::atomic::Ordering::Relaxed) < 100, "workers ran on");
    }

    #[test]
    fn a_panic_in_the_work_is_raised_in_the_caller() {
        let caught = std::panic::catch_unwind(|| map(&[1, 2, 3, 4, 5, 6, 7, 8], |&n| if n == 5 { panic!("five") } else { n }));
        assert!(caught.is_err());
    }

    #[test]
    fn a_panic_in_the_consumer_ends_the_workers_too() {
        // Without the workers sent home this would wait for them forever.
        let caught = std::panic::catch_unwind(|| {
            in_order(0..100_000, |n| n, |results| {
                for n in results {
                    assert!(n < 5, "consumer fails");
                }
            })
        });
        assert!(caught.is_err());
    }

    #[test]
    fn a_panic_in_the_items_is_raised_in_the_caller() {
        let items = (0..100).map(|n| if n == 7 { panic!("seven") } else { n });
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| in_order(items, |n| n, |results| results.count())));
        assert!(caught.is_err());
    }

    #[test]
    fn work_inside_a_worker_stays_on_its_thread() {
        let inner = map(&[0, 1, 2, 3], |_| threads());
        if threads() > 1 {
            assert_eq!(inner, [1, 1, 1, 1]);
        }
        assert_eq!(alone(threads), 1);
    }
}
