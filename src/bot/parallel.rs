//! Work over many games at once, bounded: the sweeps at start and the supervisor's scans move games on side by side,
//! never more than a few at a time; and a count of what waits for a shared pool (thinking, drawing).

use tokio::sync::Semaphore;

/// How many games a sweep moves on at once: a game whose post keeps failing can take a minute, and one
/// hard computer's move a second, so one at a time could keep the last game waiting for hours; all at once would
/// take every connection to the database and every slot of Discord's budget.
pub const SWEEP_PARALLEL: usize = 8;

/// Runs `work` for every item, at most [`SWEEP_PARALLEL`] at once; returns every result (in the order they
/// ended) when all are done. A job that panicked has no result.
pub async fn side_by_side<T, R, F, Fut>(items: Vec<T>, work: F) -> Vec<R>
where
    T: Send + 'static,
    R: Send + 'static,
    F: Fn(T) -> Fut,
    Fut: std::future::Future<Output = R> + Send + 'static,
{
    let slots = std::sync::Arc::new(Semaphore::new(SWEEP_PARALLEL));
    let mut running = tokio::task::JoinSet::new();
    let mut results = Vec::new();
    for item in items {
        let Ok(slot) = std::sync::Arc::clone(&slots).acquire_owned().await else {
            break;
        };
        let job = work(item);
        running.spawn(async move {
            let result = job.await;
            drop(slot);
            result
        });
        // Finished jobs are collected as they end, so a long sweep does not keep them all.
        while let Some(ended) = running.try_join_next() {
            results.extend(ended.ok());
        }
    }
    while let Some(ended) = running.join_next().await {
        results.extend(ended.ok());
    }
    results
}

/// Awaits `work` counted in `waiting` meanwhile (given back however the wait ends: done, timed out, dropped), so
/// that others can see how many wait.
pub async fn counted<T>(waiting: &std::sync::atomic::AtomicUsize, work: impl Future<Output = T>) -> T {
    /// A place among those waiting.
    struct Place<'a>(&'a std::sync::atomic::AtomicUsize);
    impl Drop for Place<'_> {
        fn drop(&mut self) {
            self.0.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
        }
    }
    waiting.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let _place = Place(waiting);
    work.await
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering;

    #[tokio::test]
    async fn side_by_side_runs_every_item_never_more_than_the_bound_at_once() {
        use std::sync::atomic::AtomicUsize;
        let (now, most, done) = (
            std::sync::Arc::new(AtomicUsize::new(0)),
            std::sync::Arc::new(AtomicUsize::new(0)),
            std::sync::Arc::new(AtomicUsize::new(0)),
        );
        let results = side_by_side((0..50).collect(), |i: i32| {
            let (now, most, done) = (now.clone(), most.clone(), done.clone());
            async move {
                let running = now.fetch_add(1, Ordering::SeqCst) + 1;
                most.fetch_max(running, Ordering::SeqCst);
                tokio::task::yield_now().await;
                now.fetch_sub(1, Ordering::SeqCst);
                done.fetch_add(1, Ordering::SeqCst);
                i
            }
        })
        .await;
        assert_eq!(results.iter().sum::<i32>(), (0..50).sum::<i32>());
        assert_eq!(done.load(Ordering::SeqCst), 50);
        assert!(most.load(Ordering::SeqCst) <= SWEEP_PARALLEL);
    }
}
