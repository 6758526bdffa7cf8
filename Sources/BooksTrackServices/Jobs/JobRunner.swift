import BooksTrackCore
import Foundation
import Synchronization

/// Runs jobs off the requests that started them: a client that disconnects loses nothing. Each
/// job's status and progress are saved as they change and pushed to the owner's subscribers
/// (the server's WebSocket); a restart resumes what was queued or running (`JobService.resume`).
/// It only stores, schedules and forwards: what a job does is its use case's (`JobService`).
/// A job is known by its owner and its ID together, as in the store: two users' jobs with the
/// same ID (a client may choose it) never see each other's progress or cancel each other.
public final class JobRunner: Sendable {
    /// What a job's work reports through.
    public struct Context: Sendable {
        /// Progress with what the job is doing now ("recognizing"), kept as the job's message.
        public let report: @Sendable (_ processed: Int, _ total: Int, _ message: String?) -> Void
        public let isCancelled: @Sendable () -> Bool

        /// Progress alone: the message stays as it is.
        public var progress: @Sendable (_ processed: Int, _ total: Int) -> Void {
            let report = report
            return { report($0, $1, nil) }
        }
    }

    private let store: any JobStore
    private let now: @Sendable () -> Date
    private let state = Mutex(State())

    /// A job as its owner knows it: its ID alone is only unique among the owner's jobs.
    private struct Key: Hashable, Sendable {
        let owner: User.ID
        let id: Job.ID
    }

    private struct State {
        var cancelled: Set<Key> = []
        var subscribers: [Key: [UUID: AsyncStream<JobEvent>.Continuation]] = [:]
        var latest: [Key: JobEvent] = [:]
        var tasks: [Key: Task<Void, Never>] = [:]
    }

    public init(store: any JobStore, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.now = now
    }

    /// Starts `work` for a job of `owner`'s already stored; it returns the job's result as JSON.
    public func start(_ job: Job, owner: User.ID, work: @escaping @Sendable (Context) async throws -> String?) {
        // Made under the lock: the task's own ending takes the lock too, so it cannot end before
        // it is recorded as running.
        state.withLock { state in
            state.tasks[Key(owner: owner, id: job.id)] = Task.detached { [self] in await run(job, owner: owner, work: work) }
        }
    }

    /// Asks `owner`'s job to stop after its current step.
    public func cancel(_ id: Job.ID, owner: User.ID) {
        _ = state.withLock { $0.cancelled.insert(Key(owner: owner, id: id)) }
    }

    /// The job's events from now on, starting with its latest; ends when the job ends. A job
    /// that is not running here any more gets its stored state, and the stream ends.
    public func events(of job: Job, owner: User.ID) async -> AsyncStream<JobEvent> {
        let jobKey = Key(owner: owner, id: job.id)
        let key = UUID()
        let (stream, continuation) = AsyncStream<JobEvent>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let running = state.withLock { state -> Bool in
            guard state.tasks[jobKey] != nil else { return false }
            state.subscribers[jobKey, default: [:]][key] = continuation
            // Under the lock, so that no newer event can reach the stream before this one.
            continuation.yield(state.latest[jobKey] ?? job.event)
            return true
        }
        guard running else {
            let stored = (try? await store.job(job.id, owner: owner)) ?? job
            continuation.yield(stored.event)
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.subscribers[jobKey]?.removeValue(forKey: key) }
        }
        return stream
    }

    /// Whether `owner`'s job was asked to stop.
    public func isCancelled(_ id: Job.ID, owner: User.ID) -> Bool {
        state.withLock { $0.cancelled.contains(Key(owner: owner, id: id)) }
    }

    /// Waits for every running job (tests, and shutdown after cancelling).
    public func waitForAll() async {
        let tasks = state.withLock { Array($0.tasks.values) }
        for task in tasks { await task.value }
    }

    private func run(_ start: Job, owner: User.ID, work: @escaping @Sendable (Context) async throws -> String?) async {
        var job = start
        job.status = .running
        await save(&job, owner: owner)
        // Progress arrives on the work's own thread; one consumer saves and publishes it in order.
        // Only the newest progress is saved: a job that names its stage names it with every event.
        let (updates, feed) = AsyncStream<(Int, Int, String?)>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let key = Key(owner: owner, id: job.id)
        let context = Context(
            report: { processed, total, message in feed.yield((processed, total, message)) },
            isCancelled: { [self] in isCancelled(key.id, owner: key.owner) })
        let reporter = Task { [job] in
            var current = job
            for await (processed, total, message) in updates {
                current.processed = processed
                current.total = total
                if let message { current.message = message }
                await save(&current, owner: owner)
            }
            return current
        }
        var outcome: (status: Job.Status, message: String?, result: String?)
        do {
            let result = try await work(context)
            outcome = (.succeeded, nil, result)
        } catch {
            if context.isCancelled() {
                let message = error is CancellationError ? "cancelled at the owner's request; what was done before stays" : String(describing: error)
                outcome = (.cancelled, message, nil)
            } else {
                outcome = (.failed, String(describing: error), nil)
            }
        }
        feed.finish()
        job = await reporter.value
        job.status = outcome.status
        // A note the job started with ("resumed after a restart") stays unless the ending says more.
        job.message = outcome.message ?? start.message
        job.result = outcome.result
        await save(&job, owner: owner)
        let subscribers = state.withLock { state in
            state.cancelled.remove(key)
            state.tasks[key] = nil
            state.latest[key] = nil
            return Array(state.subscribers.removeValue(forKey: key)?.values ?? [:].values)
        }
        // Outside the lock: finishing runs each stream's termination handler, which takes it.
        for continuation in subscribers { continuation.finish() }
    }

    /// Saves `owner`'s job and pushes its event to its subscribers.
    private func save(_ job: inout Job, owner: User.ID) async {
        job.dateUpdated = now()
        // A failed save leaves the stored job behind the live one; the next save catches up.
        try? await store.update(job, owner: owner)
        let event = job.event
        let key = Key(owner: owner, id: job.id)
        let subscribers = state.withLock { state in
            state.latest[key] = event
            return Array(state.subscribers[key]?.values ?? [:].values)
        }
        for subscriber in subscribers { subscriber.yield(event) }
    }
}
