//! The process's threads for work that takes a core for a while: thinking (computer players' moves, hints) and
//! drawing (pictures), each bounded to one fewer than the cores so one core is always free to answer interactions.
//! One `Pools` per bot, in its `Data`.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::sync::Semaphore;

use super::parallel::counted;
use super::refusal::{Error, Refused};

/// Most pictures asked for that may wait to be drawn at once: about a second of drawing on a small machine.
const MOST_WAITING_TO_DRAW: usize = 8;

/// Turns on the thinking and drawing threads, and who waits for one.
#[derive(Debug)]
pub struct Pools {
    /// Thinks at once, across all games (computers' moves and hints).
    thinking: Semaphore,
    /// Thinks waiting for a thread (a hint thinks for less when others wait behind it).
    thinking_waiting: AtomicUsize,
    /// Pictures drawn at once.
    drawing: Semaphore,
    /// Pictures someone asked for (not a turn message's) waiting to be drawn.
    drawing_waiting: AtomicUsize,
}

impl Default for Pools {
    /// The pools of this machine: one think and one picture fewer than its cores at once (at least one).
    fn default() -> Pools {
        Pools::for_cores(std::thread::available_parallelism().map_or(1, usize::from))
    }
}

impl Pools {
    /// The pools of a machine with `cores` cores.
    pub fn for_cores(cores: usize) -> Pools {
        let slots = cores.saturating_sub(1).max(1);
        Pools {
            thinking: Semaphore::new(slots),
            thinking_waiting: AtomicUsize::new(0),
            drawing: Semaphore::new(slots),
            drawing_waiting: AtomicUsize::new(0),
        }
    }

    /// Runs thinking (a computer's move, a hint) on a blocking thread, when one of the thinking turns is free.
    ///
    /// # Errors
    /// Internal: the thinking thread panicked, or the runtime is shutting down.
    pub async fn think<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T, Error> {
        let _turn = counted(&self.thinking_waiting, self.thinking.acquire()).await?;
        Ok(tokio::task::spawn_blocking(work).await?)
    }

    /// As [`Pools::think`], unless no turn comes free within `wait`: then `None`, and nothing is thought.
    ///
    /// # Errors
    /// As [`Pools::think`].
    pub async fn think_within<T: Send + 'static>(
        &self,
        wait: Duration,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<Option<T>, Error> {
        let waited = counted(&self.thinking_waiting, self.thinking.acquire());
        let Ok(turn) = tokio::time::timeout(wait, waited).await else {
            return Ok(None);
        };
        let _turn = turn?;
        Ok(Some(tokio::task::spawn_blocking(work).await?))
    }

    /// How many thinks wait for a thinking thread now.
    pub fn thinkers_waiting(&self) -> usize {
        self.thinking_waiting.load(Ordering::Relaxed)
    }

    /// Draws a picture off the async workers: it takes tens of milliseconds of CPU, and answering other interactions
    /// (due within 3 seconds) must never wait behind it.
    ///
    /// # Errors
    /// Internal: the drawing thread panicked, or the runtime is shutting down.
    pub async fn draw<T: Send + 'static>(&self, draw: impl FnOnce() -> T + Send + 'static) -> Result<T, Error> {
        let _turn = self.drawing.acquire().await?;
        Ok(tokio::task::spawn_blocking(draw).await?)
    }

    /// As [`Pools::draw`], for a picture someone asked for (their hand, `/ttr board`) rather than one a game owes its
    /// channel: refused while [`MOST_WAITING_TO_DRAW`] such pictures wait already, so requests cannot queue ahead of
    /// the turn messages without end.
    ///
    /// # Errors
    /// Refused: the queue is full. Internal: as [`Pools::draw`].
    pub async fn draw_on_request<T: Send + 'static>(
        &self,
        draw: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Error> {
        let _turn = match self.drawing.try_acquire() {
            Ok(turn) => turn,
            Err(_) if self.drawing_queue_full() => return Err(Refused::DrawingBusy.into()),
            Err(_) => counted(&self.drawing_waiting, self.drawing.acquire()).await?,
        };
        Ok(tokio::task::spawn_blocking(draw).await?)
    }

    /// Whether as many pictures asked for wait as may: one more would be refused.
    pub fn drawing_queue_full(&self) -> bool {
        self.drawing_waiting.load(Ordering::SeqCst) >= MOST_WAITING_TO_DRAW
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[tokio::test]
    async fn a_request_past_the_drawing_queue_is_refused_and_two_bots_do_not_share_their_pools() {
        let busy = Arc::new(Pools::for_cores(2));
        let other = Pools::for_cores(2);
        let (release, hold) = std::sync::mpsc::channel::<()>();
        let hold = Arc::new(std::sync::Mutex::new(hold));
        // The one drawing turn taken by a picture that waits for the test's word.
        let holding = Arc::clone(&hold);
        let first = tokio::spawn({
            let busy = Arc::clone(&busy);
            async move {
                busy.draw(move || {
                    holding.lock().unwrap().recv().ok();
                    Vec::<u8>::new()
                })
                .await
            }
        });
        while busy.drawing.available_permits() > 0 {
            tokio::task::yield_now().await;
        }
        let mut queued = Vec::new();
        for _ in 0..MOST_WAITING_TO_DRAW {
            let busy = Arc::clone(&busy);
            queued.push(tokio::spawn(async move { busy.draw_on_request(Vec::<u8>::new).await }));
        }
        while !busy.drawing_queue_full() {
            tokio::task::yield_now().await;
        }
        let refused = busy.draw_on_request(Vec::<u8>::new).await;
        assert!(matches!(refused, Err(Error::Refused(Refused::DrawingBusy))));
        // Another bot's pools are its own: it draws at once.
        assert!(other.draw_on_request(|| vec![1]).await.is_ok_and(|png| png == vec![1]));
        release.send(()).unwrap();
        first.await.unwrap().unwrap();
        for waiting in queued {
            waiting.await.unwrap().unwrap();
        }
        assert!(!busy.drawing_queue_full());
    }
}
