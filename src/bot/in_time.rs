//! Discord fails a press it does not see acknowledged within 3 seconds ("This interaction failed"): a press whose
//! answer has not started after [`DEFER_AFTER`] (a database slow to answer, a long wait for the channel's turn) is
//! acknowledged with a deferred update, and its answer then takes the deferred one's place.

use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use poise::serenity_prelude as serenity;

/// How long a press may wait for its answer to start before it is acknowledged and answered later: Discord's
/// 3 seconds, less the time an acknowledgement may take to get there.
pub const DEFER_AFTER: Duration = Duration::from_secs(2);

/// Where the current press's answer stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    /// Nothing sent yet.
    NotStarted,
    /// The handler's own answer is on its way (or sent): it is the interaction's response.
    Started,
    /// Acknowledged (here, or by the handler itself): the answer edits the message pressed on (`@original`), or
    /// follows up.
    Deferred,
}

tokio::task_local! {
    /// The answer of the press the current task handles.
    static ANSWER: Arc<Mutex<Answer>>;
}

/// Handles `component` with `work`; if `work` has not started its answer after [`DEFER_AFTER`], the press is
/// acknowledged first with `acknowledge` (see [`acknowledged_already`]), which is not sent otherwise.
pub async fn answered_in_time<T>(
    component: &serenity::ComponentInteraction,
    acknowledge: impl Future<Output = Result<(), serenity::Error>>,
    work: impl Future<Output = T>,
) -> T {
    let answer = Arc::new(Mutex::new(Answer::NotStarted));
    let work = ANSWER.scope(Arc::clone(&answer), work);
    let mut work = std::pin::pin!(work);
    tokio::select! {
        biased;
        done = &mut work => return done,
        () = tokio::time::sleep(DEFER_AFTER) => {}
    }
    // `work` is not polled until this is done: it cannot start its answer meanwhile.
    let not_started = *answer.lock().expect("the answer's state is never poisoned") == Answer::NotStarted;
    if not_started {
        match acknowledge.await {
            Ok(()) => {
                *answer.lock().expect("the answer's state is never poisoned") = Answer::Deferred;
                tracing::info!(interaction = %component.id, "a slow press was acknowledged; its answer follows");
            }
            Err(e) => tracing::warn!(interaction = %component.id, "a slow press could not be acknowledged: {e}"),
        }
    }
    work.await
}

/// Says the current press's answer is starting, and whether the press was acknowledged already: then the answer
/// edits the message pressed on (`@original`) or follows up, instead of being the interaction's response. False
/// outside a press handled by [`answered_in_time`].
pub fn acknowledged_already() -> bool {
    ANSWER
        .try_with(|answer| {
            let mut answer = answer.lock().expect("the answer's state is never poisoned");
            if *answer == Answer::NotStarted {
                *answer = Answer::Started;
            }
            *answer == Answer::Deferred
        })
        .unwrap_or(false)
}

/// Says the current press was acknowledged by its handler itself (a deferred answer while a picture is drawn): its
/// answer, a refusal or an apology included, follows up from now on.
pub fn acknowledged_here() {
    // Outside a press handled by `answered_in_time` there is nothing to note.
    ANSWER
        .try_with(|answer| *answer.lock().expect("the answer's state is never poisoned") = Answer::Deferred)
        .ok();
}
